import { style } from '@vanilla-extract/css';
import { stack } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

export const heroWrap = style({
  '@media': { [media.tablet]: { width: `calc(100% - 2 * ${vars.space.lg})`, maxWidth: `calc(${vars.size.content} - 2 * ${vars.space.lg})`, margin: '0 auto' } },
});

export const section = style({
  padding: `${vars.space.xl} 0 0`,
  '@media': { [media.tablet]: { paddingTop: vars.space.xxl } },
});

export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.brandStrong,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } },
});

export const banner = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.color.surfaceMuted}, #f6e3d3)`,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr auto', padding: vars.space.xl } },
});

export const bannerText = style({ margin: 0, maxWidth: '40em', color: vars.color.textMuted });

export const categories = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.tablet]: { gap: vars.space.md } },
});

export const categoryLink = style({
  ...stack({ gap: vars.space.xs, align: 'center', padding: `${vars.space.xs} 0` }),
  minHeight: vars.size.tapTarget,
  textAlign: 'center',
  textDecoration: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  lineHeight: vars.lineHeight.tight,
  borderRadius: vars.radius.md,
  selectors: { '&:hover': { color: vars.color.brand } },
  '@media': { [media.tablet]: { fontSize: vars.fontSize.md } },
});

export const categoryIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.pill,
  color: '#ffffff',
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { width: '96px', height: '96px' } },
});

export const categoryGlyph = style({ width: '55%', height: '55%' });

export const arrows = style({ display: 'flex', gap: vars.space.xs });

export const arrowButton = style({
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.brand,
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brand, color: vars.color.onBrand } },
});

export const track = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x proximity',
  scrollbarWidth: 'thin',
  overscrollBehaviorX: 'contain',
  '@media': { [media.tablet]: { gap: vars.space.md } },
});

export const trackItem = style({
  flex: '0 0 clamp(156px, 44vw, 240px)',
  scrollSnapAlign: 'start',
});

export const empty = style({ margin: 0, padding: `${vars.space.lg} 0`, color: vars.color.textMuted });

export const brand = style({
  display: 'grid',
  gap: vars.space.md,
  margin: `${vars.space.xl} 0 ${vars.space.xxl}`,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr auto', alignItems: 'center', padding: vars.space.xl, marginTop: vars.space.xxl } },
});

export const brandTitle = style({ margin: 0, color: vars.color.onBrand, fontSize: vars.fontSize.xl });
export const brandText = style({ margin: `${vars.space.sm} 0 0`, maxWidth: '42em', color: '#e8efe2' });
export const brandLink = style({ background: vars.color.page, color: vars.color.brandStrong });

/** The deferred islands' elements (home-page.tsx): found on the drawn page by these classes; no styles of their own. */
export const skinAndCategories = style({});
export const brandIsland = style({});
