import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const intro = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });

export const status = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.lg });

export const help = style({ margin: 0, color: vars.color.textMuted });

export const sectionHeading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg });

export const categories = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
