import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** The line saying how many were found (or that they are loading): its height kept while it changes. */
export const count = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, minHeight: '1.5em' });
