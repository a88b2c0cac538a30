import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@/client/styles/theme.css';

const fade = keyframes({ from: { opacity: 0, transform: 'translateY(3px)' }, to: { opacity: 1, transform: 'none' } });

/** Compact on phones so it hides as little as possible; it sits above the page, bottom right. */
export const chatLink = style({
  position: 'fixed',
  right: `max(${vars.space.sm}, env(safe-area-inset-right))`,
  bottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  zIndex: 30,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.tapTarget,
  maxWidth: 'calc(100vw - 16px)',
  padding: `0 10px 0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.raised,
  fontSize: '0.75rem',
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.brandStrong } },
  '@media': {
    [media.tablet]: { right: vars.space.lg, bottom: vars.space.lg, fontSize: vars.fontSize.sm, padding: `0 ${vars.space.md} 0 ${vars.space.sm}` },
  },
});

export const chatLabel = style({
  display: 'inline-block',
  minWidth: '8.5em',
  whiteSpace: 'nowrap',
  animation: `${fade} 300ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
