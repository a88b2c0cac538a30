import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** Hidden above the page until it has the keyboard focus. */
export const skipLink = style({
  position: 'fixed',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
  borderRadius: vars.radius.md,
  fontWeight: 700,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
