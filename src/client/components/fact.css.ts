import { style } from '@vanilla-extract/css';
import { factGrid } from '../styles/shapes';
import { vars } from '../styles/theme.css';

/** Short facts about one thing (an order's date, status, payment, total): two columns on phones, four from tablets up. */
export const list = style(factGrid('repeat(2, minmax(0, 1fr))', 'repeat(4, minmax(0, 1fr))', vars.space.sm));

export const fact = style({ display: 'grid', gap: vars.space.xxs, alignContent: 'start', justifyItems: 'start' });
export const label = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, textTransform: 'uppercase', letterSpacing: '0.04em' });
export const value = style({ margin: 0, fontWeight: 600 });
