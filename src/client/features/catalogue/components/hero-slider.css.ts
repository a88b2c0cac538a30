import { style } from '@vanilla-extract/css';
import { media, vars } from '@/client/styles/theme.css';

export const hero = style({
  position: 'relative',
  height: 'clamp(300px, 78vw, 360px)',
  overflow: 'hidden',
  background: '#1f3f16',
  color: '#ffffff',
  '@media': {
    [media.tablet]: { height: '420px', borderRadius: vars.radius.lg, marginTop: vars.space.md },
    [media.desktop]: { height: '480px' },
  },
});

export const slides = style({ position: 'absolute', inset: 0, margin: 0, padding: 0, listStyle: 'none' });

export const slide = style({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  transition: 'opacity 600ms ease',
  selectors: { '&[data-active="true"]': { opacity: 1 } },
});

export const art = style({ width: '100%', height: '100%', objectFit: 'cover' });

/**
 * A soft dark pool behind the text, so white text stays readable over any slide: wide enough that
 * the title's ends keep 3:1 over the light bottles at the edges of slide 4 on 768-900 px tablets.
 */
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.xl} ${vars.space.xxl}`,
  textAlign: 'center',
  background: 'radial-gradient(ellipse 70% 65% at 50% 48%, rgba(15, 20, 10, 0.62), rgba(15, 20, 10, 0.34) 70%, rgba(15, 20, 10, 0.14))',
  pointerEvents: 'none',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.hero,
  color: '#ffffff',
  textShadow: '0 2px 8px rgba(0, 0, 0, 0.45)',
  maxWidth: '14em',
});

/** Kept to the middle of the pool (60 %): wider, its ends ran over slide 6's light bottle at 2.3:1. */
export const tagline = style({
  display: 'none',
  margin: 0,
  maxWidth: 'min(32em, 60%)',
  fontSize: vars.fontSize.lg,
  textShadow: '0 1px 6px rgba(0, 0, 0, 0.5)',
  '@media': { [media.tablet]: { display: 'block' } },
});

export const shopNow = style({ pointerEvents: 'auto', paddingLeft: vars.space.xl, paddingRight: vars.space.xl });

const round = {
  border: 'none',
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
} as const;

/** Previous/next: larger screens only (phones swipe through the dots instead). */
export const arrow = style({
  ...round,
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  background: 'rgba(255, 255, 255, 0.88)',
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  boxShadow: vars.shadow.card,
  selectors: { '&:hover': { background: '#ffffff' } },
  '@media': { [media.tablet]: { display: 'flex' } },
});
export const prev = style({ left: vars.space.md });
export const next = style({ right: vars.space.md });

export const dots = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: vars.space.sm,
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const dot = style({
  ...round,
  width: '28px',
  height: '28px',
  padding: 0,
  background: 'transparent',
  display: 'grid',
  placeItems: 'center',
  selectors: {
    '&::before': {
      content: '""',
      width: '10px',
      height: '10px',
      borderRadius: vars.radius.pill,
      background: 'rgba(255, 255, 255, 0.55)',
      border: '1px solid rgba(0, 0, 0, 0.35)',
      transition: 'width 200ms ease',
    },
    '&[aria-current="true"]::before': { width: '22px', background: '#ffffff' },
  },
});
