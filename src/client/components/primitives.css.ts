import { keyframes, style } from '@vanilla-extract/css';
import { raisedSurface } from '../styles/shapes';
import { media, vars } from '../styles/theme.css';

/** The page column: full width on phones, centred and capped on larger screens. */
export const container = style({
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `0 ${vars.space.md}`,
  '@media': { [media.tablet]: { padding: `0 ${vars.space.lg}` } },
});

/**
 * A page's own column inside `container`: room above and below, its blocks a gap apart (checkout, orders).
 * Its column is never wider than the page, whatever a block holds (an unbreakable figure or a field's own width).
 */
export const pageStack = style({
  paddingTop: vars.space.lg,
  paddingBottom: vars.space.xxl,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
});

/** The raised white card: bordered, rounded, with more room from tablets up. */
export const card = style({
  padding: vars.space.md,
  ...raisedSurface,
  '@media': { [media.tablet]: { padding: vars.space.lg } },
});

/**
 * A card whose parts stack a gap apart: the checkout's summary and payment panel, order cards and panels.
 * Its one column is the card's width: a part wider than that (a field's own width) wraps or shrinks
 * inside it, never pushing the card's figures past its edge.
 */
export const cardStack = style([card, { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md }]);

/** A card stack that never pushes its grid track wider than the page has (the admin's panels and figure cards). */
export const panel = style([cardStack, { minWidth: 0 }]);

/** A page's heading size: xl on phones, xxl from tablets up. */
export const pageTitleSize = style({ fontSize: vars.fontSize.xl, '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } } });

/** A page's heading without the default heading margin (the admin screens, checkout, order history). */
export const pageTitle = style([pageTitleSize, { margin: 0 }]);

/** A page inside the admin's shell: a container for container queries, with the page's own padding. */
export const adminPage = style({
  containerType: 'inline-size',
  display: 'grid',
  gap: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  '@media': { [media.tablet]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}` } },
});

/** 'Back to the list' above a detail screen: a tap-tall link at the start of its column. */
export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.tapTarget,
  justifySelf: 'start',
  fontWeight: 600,
});

// An opacity pulse, not a moving gradient: the compositor runs it without the main thread, so a
// page full of placeholders costs a cheap phone no repaint per frame while its script starts.
const pulse = keyframes({ '50%': { opacity: 0.5 } });

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: '1.1em',
  height: '1.1em',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: '50%',
  animation: `${spin} 0.7s linear infinite`,
  verticalAlign: 'middle',
});

export const breadcrumb = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: `${vars.space.md} 0` });
export const breadcrumbList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
export const breadcrumbItem = style({
  selectors: { '&:not(:last-child)::after': { content: '"›"', marginLeft: vars.space.xs, color: vars.color.textMuted } },
});

/** Secondary text in the muted colour: a lead under a title, a count, an aside. */
export const mutedText = style({ margin: 0, color: vars.color.textMuted });
/** A small muted note (a price per unit, what a panel is for, the fine print under totals). */
export const mutedNote = style([mutedText, { fontSize: vars.fontSize.sm }]);
/** The smallest muted note (a field's hint, what a figure counts). */
export const smallMutedNote = style([mutedText, { fontSize: vars.fontSize.xs }]);

export const errorText = style({ color: vars.color.danger, fontWeight: 600 });

/** A short message set off from the text in a tinted, rounded box (its colours by tone). */
export const callout = style({ margin: 0, padding: `${vars.space.sm} ${vars.space.md}`, borderRadius: vars.radius.md, fontWeight: 600 });
export const dangerCallout = style([callout, { background: vars.color.dangerBg, color: vars.color.danger }]);

/** A form's message (role="alert") above its fields: what keeps it from being sent. */
export const formAlert = style([dangerCallout, { borderLeft: `4px solid ${vars.color.danger}` }]);

/** An icon button at the right end inside a text box (whose wrapper is position: relative). */
export const inputEndButton = style({
  position: 'absolute',
  top: 0,
  right: 0,
  width: vars.size.tapTarget,
  height: '100%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
});
