import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract: every colour, size and shadow the app uses goes through these variables.
 * Palette: shea-cream paper, deep leaf green and a terracotta accent. Text and controls keep at
 * least 7:1 (text) and 4.5:1 (controls) contrast so the shop reads on a cheap phone in sunlight.
 */
export const vars = createThemeContract({
  color: {
    page: null,
    surface: null,
    surfaceMuted: null,
    text: null,
    textMuted: null,
    brand: null,
    brandStrong: null,
    onBrand: null,
    accent: null,
    onAccent: null,
    border: null,
    focus: null,
    success: null,
    successBg: null,
    danger: null,
    dangerBg: null,
    warning: null,
    warningBg: null,
    overlay: null,
  },
  font: { body: null, heading: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, hero: null },
  lineHeight: { tight: null, normal: null },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { card: null, raised: null },
  size: { topBar: null, content: null, tapTarget: null },
});

createGlobalTheme(':root', vars, {
  color: {
    page: '#fbf7ef',
    surface: '#ffffff',
    surfaceMuted: '#f1eadb',
    text: '#1d2616',
    textMuted: '#4a5541',
    brand: '#2f5a23',
    brandStrong: '#1f3f16',
    onBrand: '#ffffff',
    accent: '#a4481f',
    onAccent: '#ffffff',
    border: '#d9cfbc',
    focus: '#0b57d0',
    success: '#1b6b2a',
    successBg: '#e3f3e2',
    danger: '#a61b1b',
    dangerBg: '#fbe4e2',
    warning: '#7a5300',
    warningBg: '#fff1c7',
    overlay: 'rgba(20, 26, 15, 0.55)',
  },
  font: {
    // System fonts: nothing to download on slow data, and they render well on every phone.
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'Georgia, "Times New Roman", serif',
  },
  fontSize: { xs: '0.8125rem', sm: '0.9375rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem', hero: 'clamp(1.75rem, 6vw, 3rem)' },
  lineHeight: { tight: '1.2', normal: '1.5' },
  space: { none: '0', xxs: '2px', xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  shadow: { card: '0 1px 3px rgba(29, 38, 22, 0.12)', raised: '0 6px 20px rgba(29, 38, 22, 0.18)' },
  size: { topBar: '64px', content: '1200px', tapTarget: '44px' },
});

/** Breakpoints, mobile first: phones from 360 px, then tablet and desktop. */
export const media = {
  tablet: 'screen and (min-width: 768px)',
  desktop: 'screen and (min-width: 1024px)',
} as const;
