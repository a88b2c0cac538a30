import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../styles/theme.css';

/** A status pill: the word on a tinted background, a border in the same colour for low-contrast screens. */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    border: '1px solid currentColor',
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: { background: vars.color.successBg, color: vars.color.success },
      warning: { background: vars.color.warningBg, color: vars.color.warning },
      danger: { background: vars.color.dangerBg, color: vars.color.danger },
      neutral: { background: vars.color.surfaceMuted, color: vars.color.textMuted },
    },
  },
  defaultVariants: { tone: 'warning' },
});
