import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

export const footer = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
