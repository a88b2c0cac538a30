import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** A panel's heading; focusable by script (tabIndex -1) on the admin's page, so no focus ring. */
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, ':focus': { outline: 'none' } });

/** Label and value pairs: customer details, payment. */
export const pairs = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${vars.space.sm} ${vars.space.md}`, margin: 0 });
export const pairLabel = style({ color: vars.color.textMuted });
export const pairValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const totals = style({ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'baseline', gap: vars.space.sm, margin: 0 });
export const totalValue = style({ margin: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' });
export const grandLabel = style({ fontWeight: 700, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const grandValue = style([totalValue, grandLabel]);

/** A delivery fee paid to the rider, under the total (not in it): said in words, set off by a rule on its left. */
export const riderNote = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});
export const riderName = style({ fontWeight: 700 });
