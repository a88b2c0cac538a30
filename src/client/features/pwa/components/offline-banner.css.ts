import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

/** Stays in view under the fixed top bar while the page scrolls. */
export const banner = style({
  position: 'sticky',
  top: vars.size.topBar,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.text,
  color: vars.color.page,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const icon = style({ width: '18px', height: '18px', flexShrink: 0 });

export const text = style({ margin: 0 });
