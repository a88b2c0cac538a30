import { style } from '@vanilla-extract/css';
import { cardStack, formAlert, mutedText } from '@/client/components/primitives.css';
import { cluster } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/** /orders/lookup: one card of a form's width, as the sign-in page's. */
export const card = style([cardStack, { width: '100%', maxWidth: '480px', justifySelf: 'center' }]);

export const lead = mutedText;

export const form = style({ display: 'grid', gap: vars.space.md });

/** The form's message, above its fields. */
export const alert = formAlert;

/** The found order's news above it, with the ways on. */
export const found = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.lg,
  background: vars.color.successBg,
  border: `2px solid ${vars.color.success}`,
  borderRadius: vars.radius.lg,
});

export const foundTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.success,
  // Focused by the page (tabIndex -1) so screen readers start here; it is no control, so no focus ring.
  ':focus': { outline: 'none' },
});

export const foundText = style({ margin: 0 });

export const actions = style(cluster({ gap: vars.space.sm }));
