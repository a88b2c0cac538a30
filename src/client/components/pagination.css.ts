import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const pagination = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: vars.space.md, padding: `${vars.space.md} 0` });
export const status = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
