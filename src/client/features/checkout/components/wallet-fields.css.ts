import { style } from '@vanilla-extract/css';
import { mutedNote } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { inputBox } from '@/client/components/text-field.css';
import { media, vars } from '@/client/styles/theme.css';

/** Number and network side by side on a tablet, stacked on a phone. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});
export const field = style({ display: 'grid', gap: vars.space.xs });
export const label = textField.label;
export const select = style([inputBox, { width: '100%', selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } } }]);
export const hint = mutedNote;
export const error = textField.fieldError;

export const testNumbers = style({ fontSize: vars.fontSize.sm, marginTop: vars.space.sm });
export const testList = style({ listStyle: 'none', padding: 0, margin: `${vars.space.sm} 0 0`, display: 'grid', gap: vars.space.xs });
export const testItem = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const testNumber = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });
