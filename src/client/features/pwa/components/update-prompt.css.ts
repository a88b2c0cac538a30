import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const reload = style({
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
