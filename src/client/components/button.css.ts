import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** Buttons and button-looking links (button.ts puts the classes together): the look every button shares. */
export const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  ':disabled': { opacity: 0.55, cursor: 'not-allowed' },
});

/** Primary (leaf green), accent (terracotta), quiet (outline), danger (red outline). */
export const buttonTones = styleVariants({
  primary: { background: vars.color.brand, color: vars.color.onBrand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandStrong } } },
  accent: { background: vars.color.accent, color: vars.color.onAccent },
  quiet: { background: 'transparent', color: vars.color.brand, borderColor: vars.color.brand },
  danger: { background: 'transparent', color: vars.color.danger, borderColor: vars.color.danger },
});

export const buttonSizes = styleVariants({
  md: {},
  sm: { minHeight: vars.size.tapTarget, padding: `0 ${vars.space.sm}`, fontSize: vars.fontSize.xs },
});

export const buttonBlock = style({ width: '100%' });

/** A borderless, transparent, tap-sized button with an icon and a short word (the top bars, a cart line's Remove). */
export const ghostButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: vars.size.tapTarget,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});
