import { style } from '@vanilla-extract/css';
import { inputEndButton } from '@/client/components/primitives.css';
import { borderedSurface, clampedLines, oneLine } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/** The field sits in the top bar from 1280 px; below, the toggle opens it under the bar. */
const WIDE = 'screen and (min-width: 1280px)';

export const root = style({
  display: 'flex',
  alignItems: 'center',
  '@media': { [WIDE]: { width: '100%' } },
});

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.brandStrong,
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted } },
  '@media': { [WIDE]: { display: 'none' } },
});

/** Phones and tablets: a row under the top bar, shown by the toggle. Desktop: always in the bar. */
export const field = style({
  display: 'none',
  position: 'fixed',
  top: vars.size.topBar,
  left: 0,
  right: 0,
  padding: vars.space.sm,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  selectors: { '&[data-open="true"]': { display: 'block' } },
  '@media': {
    [WIDE]: {
      display: 'block',
      position: 'relative',
      top: 'auto',
      padding: 0,
      border: 0,
      boxShadow: 'none',
      background: 'transparent',
      width: '100%',
    },
  },
});

export const form = style({ position: 'relative', display: 'flex', maxWidth: vars.size.content, margin: '0 auto' });

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.tapTarget,
  padding: `0 48px 0 ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.page,
  selectors: {
    '&:focus': { borderColor: vars.color.brand, background: vars.color.surface },
    '&::-webkit-search-cancel-button': { cursor: 'pointer' },
  },
});

export const submit = style([inputEndButton, { borderRadius: `0 ${vars.radius.pill} ${vars.radius.pill} 0`, color: vars.color.brand }]);

export const popup = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  right: 0,
  zIndex: 50,
  maxHeight: 'min(70vh, 480px)',
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  '@media': { [WIDE]: { minWidth: '360px', left: 'auto' } },
});

export const listbox = style({ listStyle: 'none', margin: 0, padding: vars.space.xs });

export const option = style({
  display: 'grid',
  gridTemplateColumns: '48px 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.surfaceMuted, boxShadow: `inset 3px 0 0 ${vars.color.brand}` } },
});

export const optionImage = style({ width: '48px', height: '48px', objectFit: 'cover', borderRadius: vars.radius.sm });

export const optionText = style({ minWidth: 0 });

export const optionName = style({ ...oneLine, display: 'block', fontWeight: 700, fontSize: vars.fontSize.sm });

export const optionDescription = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const optionPrice = style({ fontWeight: 700, fontSize: vars.fontSize.sm, color: vars.color.brandStrong, whiteSpace: 'nowrap' });

export const message = style({ margin: 0, padding: vars.space.md, fontSize: vars.fontSize.sm });

export const errorMessage = style([message, { color: vars.color.danger, fontWeight: 600 }]);

export const seeAll = style({
  display: 'block',
  width: '100%',
  padding: vars.space.sm,
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

/* ---------- Results page ---------- */

export const page = style({ paddingTop: vars.space.lg, paddingBottom: vars.space.xl });

export const heading = style({ fontSize: vars.fontSize.xl, overflowWrap: 'anywhere', '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } } });

export const count = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space.lg },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  ...borderedSurface(vars.radius.md),
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { boxShadow: vars.shadow.raised } },
});

export const cardImage = style({ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover', background: vars.color.surfaceMuted });

export const cardBody = style({ display: 'grid', gap: vars.space.xs, padding: vars.space.sm });

// Two lines of name and one of everything else: every card is the same height, which a long
// (windowed) list of results relies on.
export const cardName = style({ ...clampedLines(3, vars.lineHeight.tight), fontWeight: 700, fontSize: vars.fontSize.sm });

export const cardCategory = style({ ...oneLine, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const cardPrice = style({ ...oneLine, fontWeight: 700, color: vars.color.brandStrong });

export const skeletonCard = style({ display: 'grid', gap: vars.space.xs, paddingBottom: vars.space.sm });
