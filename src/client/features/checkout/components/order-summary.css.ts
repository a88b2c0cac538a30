import { style } from '@vanilla-extract/css';
import { mutedNote } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { inputBox } from '@/client/components/text-field.css';
import { stackedList, thumbnailImage, thumbnailLine } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const lines = style(stackedList(vars.space.sm));

export const line = style(thumbnailLine('48px', vars.space.sm));

export const lineImage = style(thumbnailImage('48px', vars.radius.sm));
export const lineName = style({ overflowWrap: 'anywhere', fontSize: vars.fontSize.sm });
export const lineTotal = style({ fontWeight: 600, textAlign: 'right' });

export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: 0,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const label = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, textAlign: 'right', fontWeight: 600 });
export const discount = style([value, { color: vars.color.success }]);
/** The delivery row before an option is chosen. */
export const pending = style([value, { fontWeight: 400, color: vars.color.textMuted }]);
export const totalLabel = style({ fontWeight: 700, color: vars.color.text });
export const totalValue = style([value, { fontWeight: 700, fontSize: vars.fontSize.lg }]);

export const note = mutedNote;
/** How much more makes delivery free: good news, in the brand's green. */
export const freeDelivery = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.success });

export const promo = style({ display: 'grid', gap: vars.space.xs, paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const promoLabel = textField.label;
export const promoRow = style({ display: 'flex', gap: vars.space.sm });
/** A percentage width: the box asks no width of its own (an input's default is about 20 characters), so the row fits the card. */
export const promoInput = style([inputBox, { flex: '1 1 0', width: '100%', minWidth: 0, textTransform: 'uppercase' }]);
export const promoApplied = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  fontWeight: 600,
  color: vars.color.success,
});
