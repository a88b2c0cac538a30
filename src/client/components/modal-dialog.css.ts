import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

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
