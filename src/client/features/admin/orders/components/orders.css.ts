import { style } from '@vanilla-extract/css';
import { pageTitle } from '@/client/components/primitives.css';
import { listToolbar, wordBadge } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/** The admin order screens: one column on a phone, built for a 1024 × 768 tablet either way round. */
export const page = style({ display: 'grid', gap: vars.space.lg, padding: `${vars.space.lg} 0 ${vars.space.xxl}`, minWidth: 0 });

export const title = style([pageTitle, { overflowWrap: 'anywhere' }]);

/** Search and the three filters: stacked on a phone, side by side from a tablet up (768 px: the search the widest). */
export const toolbar = style(listToolbar('minmax(0, 2fr) repeat(2, minmax(0, 1fr)) minmax(0, 1.4fr)'));

export const customerName = style({ display: 'block', fontWeight: 600, overflowWrap: 'break-word' });
/** The customer's other lines (phone, where, how): small, wrapping between words, never inside one. */
export const customerLine = style({ display: 'block', fontSize: vars.fontSize.xs, color: vars.color.textMuted, overflowWrap: 'break-word' });
/** The e-mail: breaks only where EmailText allows (before '@', after a dot), unless a piece is wider than the cell. */
export const customerEmail = style([customerLine, { wordBreak: 'normal' }]);

/** The time of day under the date. */
export const time = style({ display: 'block', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const statusCell = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

/** Something a person must look at ('refund due'): words and a sign, the colour only repeats them. */
export const attention = style({
  ...wordBadge(vars.color.dangerBg, vars.color.danger),
  // Wraps: a long flag ('Paid after cancellation (+1 more)') kept on one line pushed the orders table
  // past a portrait tablet (720 px in 718) in the full end-to-end run.
  maxWidth: '100%',
});

/** Export CSV, under the filters. */
export const listActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
