import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** An item of a pop-up menu (the shopper's profile menu, an admin row's More menu): a whole-width, tap-tall row. */
export const menuItem = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'left',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus': { background: vars.color.surfaceMuted } },
});
