import { style } from '@vanilla-extract/css';
import { media, vars } from '../styles/theme.css';

/** Radio choices as cards (payment methods, delivery options): two columns from a tablet on. */
export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** The whole card is the tap target of its radio. */
export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.sm,
  alignItems: 'start',
  minHeight: vars.size.tapTarget,
  padding: vars.space.md,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.successBg },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ width: '1.25rem', height: '1.25rem', margin: '0.125rem 0 0', accentColor: vars.color.brand });
export const choiceText = style({ display: 'grid', gap: vars.space.xxs });
export const choiceHint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
