import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const failure = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start', padding: `${vars.space.md} 0` });
export const text = style({ margin: 0 });
