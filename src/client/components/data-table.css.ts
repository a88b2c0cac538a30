import { globalStyle, style } from '@vanilla-extract/css';
import { borderedSurface } from '../styles/shapes';
import { vars } from '../styles/theme.css';

/**
 * Admin tables, sized by their own container (the page's column, or a dashboard panel), not the
 * screen: wide enough, every column shows with no sideways scroll (a tablet either way round);
 * narrower than `CARDS`, each row becomes a card, one line per column named by its header
 * (cell-labels.ts). Rows are tall enough to tap. Where container queries are unknown the wrapper
 * still scrolls sideways rather than squeezing the columns.
 */
const CARDS = '(max-width: 559.98px)';
const ROOMY = '(min-width: 960px)';

export const tableWrap = style({
  width: '100%',
  overflowX: 'auto',
  containerType: 'inline-size',
  ...borderedSurface(vars.radius.lg),
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@container': { [CARDS]: { display: 'block' } },
});

const cellPadding = {
  padding: `${vars.space.sm} ${vars.space.sm}`,
  '@container': { [ROOMY]: { padding: `${vars.space.sm} ${vars.space.md}` } },
} as const;

export const th = style({
  ...cellPadding,
  textAlign: 'left',
  background: vars.color.surfaceMuted,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const td = style({
  ...cellPadding,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  height: vars.size.tapTarget,
  // A long e-mail address breaks rather than widening its column past the screen.
  overflowWrap: 'anywhere',
});

/** A link standing alone in a cell (an order number): a finger's 44 px tall, as the row's buttons. */
export const cellLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.tapTarget });

/** Short values (order numbers, dates) kept on one line. */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** Numbers (prices, counts) line up on the right. */
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The table's state when it has no rows (loading, empty, failed). */
export const emptyCell = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.textMuted });

/** Rows of the previous page while the next one loads. */
export const stale = style({ opacity: 0.6 });

/* ---------- Cards, where the columns cannot fit ---------- */

globalStyle(`${table} thead`, {
  '@container': { [CARDS]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } },
});
globalStyle(`${table} tbody, ${table} tr`, { '@container': { [CARDS]: { display: 'block' } } });
globalStyle(`${table} tbody tr`, {
  '@container': { [CARDS]: { padding: `${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` } },
});
globalStyle(`${table} tbody tr:first-child`, { '@container': { [CARDS]: { borderTop: 0 } } });
globalStyle(`${table} td, ${table} tbody th`, {
  '@container': { [CARDS]: { display: 'block', height: 'auto', minHeight: 0, borderTop: 0, padding: `${vars.space.xs} ${vars.space.md}`, textAlign: 'left' } },
});
// The header's words in a column of their own on the card's left, the cell's content beside them.
globalStyle(`${table} td[data-label], ${table} tbody th[data-label]`, {
  '@container': { [CARDS]: { position: 'relative', paddingLeft: `calc(7rem + ${vars.space.md} + ${vars.space.sm})` } },
});
globalStyle(`${table} td[data-label]::before, ${table} tbody th[data-label]::before`, {
  '@container': {
    [CARDS]: {
      content: 'attr(data-label)',
      position: 'absolute',
      left: vars.space.md,
      top: vars.space.xs,
      width: '7rem',
      fontWeight: 700,
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
      lineHeight: vars.lineHeight.normal,
    },
  },
});
