import { style } from '@vanilla-extract/css';
import { dangerCallout, inputEndButton } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { vars } from '@/client/styles/theme.css';

export const field = style([textField.field, { marginBottom: vars.space.md }]);

export const label = textField.label;

// The size of the dialog's text (the global 'font: inherit'), not the text box's own.
export const input = style([textField.strongInputBox, { padding: `0 ${vars.space.sm}`, fontSize: 'inherit' }]);

export const passwordWrap = style({ position: 'relative', display: 'flex' });

export const passwordInput = style([input, { paddingRight: '52px' }]);

export const toggle = style([inputEndButton, { color: vars.color.textMuted }]);

export const hint = textField.hint;

export const errorBox = style([dangerCallout, { margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.sm }]);

export const buttons = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });

/** The profile photo: its own group above the fields. */
export const photo = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.md}`, minWidth: 0 });

export const photoRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, marginTop: vars.space.xs });

export const photoControls = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
