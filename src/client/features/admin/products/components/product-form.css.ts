import { style } from '@vanilla-extract/css';
import { cardStack } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { vars } from '@/client/styles/theme.css';

export const card = style([cardStack, { containerType: 'inline-size', maxWidth: '880px' }]);

export const form = style({ display: 'grid', gap: vars.space.md });

/** Price, stock and category side by side once the card has room; one column on a phone. */
export const fieldRow = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@container': { '(min-width: 560px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const label = textField.label;

export const field = style([textField.field, { alignContent: 'start' }]);

/** A field that takes a short number on its own row (Most per order): no wider than one of the row's three. */
export const shortField = style([field, { maxWidth: '16rem' }]);

export const input = style([textField.inputBox, textField.invalidBorder, { width: '100%' }]);
export const select = style([input, { paddingRight: vars.space.lg }]);
export const textarea = style([input, { minHeight: '7.5rem', padding: vars.space.sm, resize: 'vertical' }]);

export const checkboxLabel = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, fontWeight: 600 });
export const checkbox = style({ width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });

export const fieldset = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 700 });

/** Two image slots a row on a phone, four once there is room. */
export const slots = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@container': { '(min-width: 640px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const slot = style({
  display: 'grid',
  gap: vars.space.xs,
  alignContent: 'start',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const emptySlot = style([
  slot,
  { borderStyle: 'dashed', minHeight: '10rem', placeItems: 'center', alignContent: 'center', textAlign: 'center', color: vars.color.textMuted },
]);

export const invalidSlot = style({ borderColor: vars.color.danger, borderWidth: '2px' });

export const preview = style({ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.surfaceMuted });

export const slotCaption = style({ margin: 0, fontSize: vars.fontSize.xs, fontWeight: 700 });

export const slotButtons = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.xs });

/** Slot buttons stay tappable (44 px) although the text is small. */
export const slotButton = style({ minHeight: vars.size.tapTarget, paddingInline: vars.space.xs, whiteSpace: 'normal', lineHeight: vars.lineHeight.tight });

export const hint = textField.hint;
export const fieldError = textField.fieldError;

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const skeleton = style({ display: 'grid', gap: vars.space.md });
