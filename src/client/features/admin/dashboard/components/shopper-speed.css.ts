import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

/** A metric's cell: the figure, its rating in words on a coloured pill, and the visits it rests on. */
export const cell = style({ display: 'inline-grid', justifyItems: 'start', gap: vars.space.xs });

export const figure = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const basedOn = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/**
 * The card: its column headers ("Response to taps (INP)") may wrap, so the five columns fit a
 * tablet's dashboard without scrolling sideways (other admin tables keep theirs on one line).
 */
export const card = style({});
globalStyle(`${card} th`, { whiteSpace: 'normal', verticalAlign: 'bottom' });
// A page's name breaks between words, never inside one ("Shop (all products)").
globalStyle(`${card} tbody th`, { overflowWrap: 'normal' });
