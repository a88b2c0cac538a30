import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@/client/styles/theme.css';

const fade = keyframes({ from: { opacity: 0, transform: 'translateY(3px)' }, to: { opacity: 1, transform: 'none' } });

/**
 * Above the page, bottom right: on phones a round icon (the phrase is its name, not shown), from
 * tablets up a pill with the phrase. While it steps aside (chat-link.tsx) it is see-through and lets
 * taps through to what is under it, at once; it fades back in. Focused from the keyboard, it shows.
 */
export const chatLink = style({
  position: 'fixed',
  right: `max(${vars.space.sm}, env(safe-area-inset-right))`,
  bottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  zIndex: 30,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.raised,
  fontWeight: 700,
  textDecoration: 'none',
  transition: 'opacity 200ms ease-out',
  selectors: {
    '&:hover': { background: vars.color.brandStrong },
    '&[data-stepped-aside]': { opacity: 0, pointerEvents: 'none', transition: 'none' },
    '&[data-stepped-aside]:focus-visible': { opacity: 1, pointerEvents: 'auto' },
  },
  '@media': {
    [media.tablet]: {
      right: vars.space.lg,
      bottom: vars.space.lg,
      width: 'auto',
      height: 'auto',
      minHeight: vars.size.tapTarget,
      maxWidth: 'calc(100vw - 16px)',
      padding: `0 ${vars.space.md} 0 ${vars.space.sm}`,
      fontSize: vars.fontSize.sm,
    },
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

/** The rotating phrase: shown from tablets up; on phones only its name (visually hidden, still read). */
export const chatLabel = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: {
      position: 'static',
      display: 'inline-block',
      width: 'auto',
      height: 'auto',
      minWidth: '8.5em',
      overflow: 'visible',
      clipPath: 'none',
      animation: `${fade} 300ms ease-out`,
    },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});
