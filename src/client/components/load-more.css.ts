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

/** Where the list ends, for the IntersectionObserver: no size of its own, nothing to see. */
export const sentinel = style({ position: 'absolute', top: 0, left: 0, width: 1, height: 1 });
