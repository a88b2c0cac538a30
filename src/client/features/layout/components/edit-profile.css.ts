import { style } from '@vanilla-extract/css';
import { inputEndButton } from '../../../components/primitives.css';
import { vars } from '../../../styles/theme.css';

export const field = style({ display: 'grid', gap: vars.space.xs, marginBottom: vars.space.md });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const input = style({
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus': { borderColor: vars.color.brand },
  },
});

export const passwordWrap = style({ position: 'relative', display: 'flex' });

export const passwordInput = style([input, { paddingRight: '52px' }]);

export const toggle = style([inputEndButton, { color: vars.color.textMuted }]);

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const errorBox = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});

export const buttons = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });
