import { style } from '@vanilla-extract/css';
import { cardStack, mutedNote, pageTitle, panel as sharedPanel, smallMutedNote } from '@/client/components/primitives.css';
import { factGrid, tapInline } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/** Beside the side menu a 1024 px tablet has ~780 px: the two tables sit side by side only from 1280 px. */
const WIDE = 'screen and (min-width: 1280px)';

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '1200px' });

export const title = pageTitle;

/* ---------- Figures ---------- */

export const cards = style(factGrid('1fr', 'repeat(3, minmax(0, 1fr))', vars.space.md));

export const card = style([cardStack, { gap: vars.space.xs }]);

export const cardLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.textMuted });

export const cardValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.brandStrong,
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } },
});

/** What a figure counts, under it. */
export const cardNote = smallMutedNote;

/* ---------- Panels (chart, tables) ---------- */

/** Flat (no shadow): the chart and the tables. */
export const panel = style([sharedPanel, { alignContent: 'start', boxShadow: 'none' }]);

export const panelHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

/** A sentence under a panel's title saying what its table is for. */
export const panelNote = mutedNote;

export const panelLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  fontWeight: 600,
});

export const tables = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [WIDE]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const empty = style({ margin: 0, padding: `${vars.space.lg} 0`, textAlign: 'center', color: vars.color.textMuted, fontWeight: 600 });

/** The order id link fills its cell: an easy tap on a tablet. */
export const rowLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  fontWeight: 700,
  fontFamily: 'ui-monospace, monospace',
});

/** A row's header cell (th scope=row) reads like the other cells: left-aligned. */
export const rowHeader = style({ textAlign: 'left', fontWeight: 600 });

/* ---------- Sales chart ---------- */

export const chart = style({ display: 'grid', gap: vars.space.sm });

export const chartFigures = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0, color: vars.color.textMuted });
export const chartFigure = style({ color: vars.color.text, fontWeight: 700 });

export const chartSvg = style({
  display: 'block',
  width: '100%',
  height: '160px',
  '@media': { [media.tablet]: { height: '200px' } },
});

export const bar = style({ fill: vars.color.brand });
export const bestBar = style({ fill: vars.color.accent });
export const baseline = style({ stroke: vars.color.border, strokeWidth: 1, vectorEffect: 'non-scaling-stroke' });

export const chartAxis = style({ display: 'flex', justifyContent: 'space-between', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/* ---------- Loading ---------- */

export const skeletonCard = style([card, { boxShadow: 'none' }]);

/** Orders with an open payment flag, under Total Orders: words and a sign, the colour only repeats them; a tap opens them. */
export const attentionBadge = style({
  ...tapInline(vars.space.sm, vars.radius.md),
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontWeight: 700,
  textDecoration: 'none',
});
