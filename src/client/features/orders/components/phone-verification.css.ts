import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

/** The phone check, in the warning card of an order that waits for it, or under the checkout's button. */
export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  borderLeft: '4px solid currentColor',
  background: vars.color.warningBg,
  color: vars.color.warning,
});

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  // Focused when it appears or is answered (tabIndex -1): no control, so no ring.
  ':focus': { outline: 'none' },
});

export const cardText = style({ margin: 0, fontWeight: 600 });

/** The check itself: in the text's colour, the buttons in a row that wraps on a narrow phone. */
export const check = style({ display: 'grid', gap: vars.space.sm, color: vars.color.text });

export const codeForm = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

const noticeBase = style({ margin: 0, fontWeight: 600, selectors: { '&:empty': { display: 'none' } } });

/** The server's words (a live region): what was sent, or what went wrong. */
export const notice = styleVariants({
  info: [noticeBase, { color: vars.color.text }],
  error: [noticeBase, { color: vars.color.danger }],
  success: [noticeBase, { color: vars.color.success }],
});
