import { globalStyle, style } from '@vanilla-extract/css';
import { clampedLines, cluster, oneLine, stack } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  transition: 'box-shadow 150ms ease',
  selectors: {
    '&:hover': { boxShadow: vars.shadow.raised },
    // The name link covers the card; show the keyboard focus around the whole card.
    '&:has(a:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const mediaBox = style({
  position: 'relative',
  aspectRatio: '1 / 1',
  background: vars.color.surfaceMuted,
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const body = style({
  ...stack({ gap: vars.space.xs, padding: vars.space.sm }),
  flex: 1,
  '@media': { [media.tablet]: { padding: vars.space.md } },
});

export const name = style({
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  // Three lines, always reserved, so the cards of a row line up (and a windowed grid's rows keep one
  // height): enough for what tells products apart, the part after a dash ('Whipped Shea Butter –
  // Unscented'); two cut most of the shop's names there and showed twins side by side.
  ...clampedLines(3, vars.lineHeight.tight),
  '@media': { [media.tablet]: { fontSize: vars.fontSize.md } },
});

export const link = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    // The whole card opens the product; the buttons sit above this layer.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:hover': { textDecoration: 'underline' },
  },
});

export const price = style({ ...oneLine, fontWeight: 700, fontSize: vars.fontSize.md, color: vars.color.brandStrong });

export const inStock = style({ ...oneLine, margin: 0, fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.success });
export const outOfStock = style({ ...oneLine, margin: 0, fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.danger });

export const actions = style({
  position: 'relative',
  zIndex: 1,
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.xs,
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const actionButton = style({ width: '100%', paddingLeft: vars.space.xs, paddingRight: vars.space.xs });

/** The grid of cards: 2 columns on phones, 3 on tablets, 4 on desktops. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.md },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space.lg },
  },
});

// A listing holds every product: the cards below the fold are laid out and painted only as they near
// the screen, so the first render of a long list costs a cheap phone no more than its first rows.
// `auto` keeps a card's real height once it has been drawn; 420px is a phone card's height before.
globalStyle(`${grid} > li`, { contentVisibility: 'auto', containIntrinsicBlockSize: 'auto 420px' });

export const skeletonLines = style(stack({ gap: vars.space.sm, padding: vars.space.sm }));
// On a phone the placeholder's name line stands for the name's three lines, so a placeholder is as
// tall as the card that replaces it (measured at 360 px: 382 px both; 346 px with one line).
// `!important` over the Skeleton's inline height: product-card.tsx stays as it is.
globalStyle(`${skeletonLines} > :first-child`, {
  '@media': { 'screen and (max-width: 767px)': { height: `calc(3 * ${vars.lineHeight.tight} * ${vars.fontSize.sm}) !important` } },
});

export const loadError = style(cluster({ gap: vars.space.sm, align: 'center', padding: `${vars.space.md} 0` }));
globalStyle(`${loadError} > p`, { margin: 0 });
