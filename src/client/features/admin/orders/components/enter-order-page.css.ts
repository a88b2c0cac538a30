import { style } from '@vanilla-extract/css';
import * as choiceCard from '@/client/components/choice-card.css';
import { card, formAlert, mutedNote } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { wordBadge } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/**
 * "Record an order", tablet first: the form and its summary side by side at 1024 px (the summary
 * stays in view while scrolling), one column at 768 px and below.
 */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  minWidth: 0,
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 18rem' } },
});

export const form = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const section = style([card, { minWidth: 0 }]);
export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0, display: 'grid', gap: vars.space.md });
export const legend = style({ padding: 0, marginBottom: vars.space.md, fontFamily: vars.font.heading, fontSize: vars.fontSize.lg, fontWeight: 700 });

/** Two fields a row from 768 px (name and phone, city and address), one on a phone. */
export const fields = style({ display: 'grid', gap: vars.space.md, '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } } });
export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const field = textField.field;
export const label = textField.label;
export const hint = textField.hint;
export const error = textField.fieldError;
export const select = style([textField.inputBox, textField.invalidBorder, { width: '100%', padding: `0 ${vars.space.sm}` }]);
export const note = mutedNote;
export const alert = formAlert;

/* ---------- Products: the search, its matches, the lines ---------- */

export const matches = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, maxHeight: '16rem', overflowY: 'auto' });
export const match = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const matchName = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const matchFacts = style({ display: 'block', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const lines = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({ textAlign: 'left', padding: vars.space.sm, borderBottom: `2px solid ${vars.color.border}`, fontWeight: 700 });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const lineName = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const lineNote = style({ display: 'block', fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const quantity = style([textField.inputBox, textField.invalidBorder, { width: '5rem', textAlign: 'right' }]);

/* ---------- Delivery and payment choices: the whole card is the radio's target ---------- */

export const choices = choiceCard.choices;
export const choice = choiceCard.choice;
export const radio = choiceCard.radio;
export const choiceText = choiceCard.choiceText;
export const choiceHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.xs, fontWeight: 700 });
export const choiceHint = choiceCard.choiceHint;

export const promoRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: vars.space.sm });
export const promoInput = style({ flex: '1 1 12rem', minWidth: 0 });

/* ---------- The summary ---------- */

export const summary = style([
  card,
  { display: 'grid', gap: vars.space.md, '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.topBar} + ${vars.space.md})` } } },
]);
export const summaryTitle = style({ margin: 0, fontFamily: vars.font.heading, fontSize: vars.fontSize.lg });
export const pairs = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const pairLabel = style({ margin: 0, overflowWrap: 'anywhere' });
export const pairValue = style({ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const totalLabel = style([pairLabel, { fontWeight: 700, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs }]);
export const totalValue = style([pairValue, { fontWeight: 700, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs }]);

export const linkBox = style({ display: 'grid', gap: vars.space.xs });
export const linkText = style({ overflowWrap: 'anywhere', fontFamily: 'monospace' });

/* ---------- Beside other pages: the list's link here, the order page's badge ---------- */

/** "Record an order" under the orders list's title: its own width, not the grid's. */
export const newOrderLink = style({ justifySelf: 'start' });

/** "Entered by the shop" beside an order's status badges: words, the colour only repeats them. */
export const enteredBadge = style({ ...wordBadge(vars.color.surfaceMuted, vars.color.text), border: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
