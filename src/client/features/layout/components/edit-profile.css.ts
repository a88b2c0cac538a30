import { keyframes, style } from '@vanilla-extract/css';
import { inputEndButton } from '../../../components/primitives.css';
import { vars } from '../../../styles/theme.css';

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } });

export const dialog = style({
  width: 'min(440px, calc(100vw - 24px))',
  maxHeight: 'calc(100dvh - 24px)',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  animation: `${rise} 200ms ease-out`,
  selectors: {
    '&::backdrop': { background: vars.color.overlay },
    // Without showModal (old browsers): centred over the page by hand.
    '&[open]:not(:modal)': { position: 'fixed', inset: 0, margin: 'auto', zIndex: 70 },
  },
});

export const dialogBody = style({ padding: vars.space.lg });

export const dialogHeader = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm });

export const dialogTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });

export const intro = style({ margin: `${vars.space.xs} 0 ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

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

export const closeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  marginTop: '-8px',
  marginRight: '-8px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
