import { style } from '@vanilla-extract/css';
import * as choiceCard from '@/client/components/choice-card.css';
import { formAlert } from '@/client/components/primitives.css';
import { media, vars } from '@/client/styles/theme.css';

/** Its cards in one column as wide as the form, whatever a card holds. */
export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.md,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

/** Tablets: city and address side by side; the other fields keep the full width. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

/* The payment methods are choice cards (components/choice-card.css.ts, shared with the admin's order form). */
export const methods = choiceCard.choices;
export const method = choiceCard.choice;
export const radio = choiceCard.radio;
export const methodText = choiceCard.choiceText;
export const methodName = style({ fontWeight: 700 });
export const methodHint = choiceCard.choiceHint;

export const alert = formAlert;

/** Only Cash on Delivery is offered: said above the one choice. */
export const methodsNote = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
