import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/**
 * Admin tables: the wrapper scrolls sideways on a phone instead of squeezing the columns; rows are
 * tall enough to tap on a tablet.
 */
export const tableWrap = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const th = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  height: vars.size.tapTarget,
});

/** Short values (order numbers, dates) kept on one line. */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** Numbers (prices, counts) line up on the right. */
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The table's state when it has no rows (loading, empty, failed). */
export const emptyCell = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.textMuted });

/** Rows of the previous page while the next one loads. */
export const stale = style({ opacity: 0.6 });
