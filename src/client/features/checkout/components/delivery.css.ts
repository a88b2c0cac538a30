import { style } from '@vanilla-extract/css';
import { mutedNote } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { inputBox, invalidBorder } from '@/client/components/text-field.css';
import { vars } from '@/client/styles/theme.css';

/** The checkout's region select, GPS address and delivery options. */

export const field = textField.field;
export const label = textField.label;
export const select = style([inputBox, invalidBorder, { width: '100%' }]);
export const hint = textField.hint;
export const error = textField.fieldError;

/** 'Find on map' under a valid GPS address: tap-tall, at the start of its line. */
export const mapLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  minHeight: vars.size.tapTarget,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});

/** Read out, not shown: the link opens a new tab. */
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});

/** The options stacked, each card its radio's tap target. */
export const options = style({ display: 'grid', gap: vars.space.sm });

/** An option's name and its fee on one line, the fee at the end. */
export const optionHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.xs });
export const optionFee = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const note = style([mutedNote]);
export const status = style([mutedNote, { display: 'grid', gap: vars.space.xs }]);
