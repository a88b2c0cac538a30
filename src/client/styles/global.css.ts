import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  background: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  minWidth: '320px',
});
globalStyle('h1, h2, h3', { fontFamily: vars.font.heading, lineHeight: vars.lineHeight.tight, margin: `0 0 ${vars.space.md}` });
globalStyle('img', { maxWidth: '100%', display: 'block' });
globalStyle('a', { color: vars.color.brand });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
// One visible focus ring for every control, only for keyboard users.
// A control waiting for the app to take over the server's page (lib/page-context.tsx usePageLive): it
// looks as it will in a moment, so nothing flashes grey on a page that arrived drawn.
globalStyle('[data-starting]:disabled', { opacity: 1, cursor: 'progress' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
globalStyle('*', {
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' } },
});
