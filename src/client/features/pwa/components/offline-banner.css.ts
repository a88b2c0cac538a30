import { style } from '@vanilla-extract/css';
import { oneLine } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/** Stays in view under the fixed top bar while the page scrolls. */
export const banner = style({
  position: 'sticky',
  top: vars.size.topBar,
  zIndex: 5,
  background: vars.color.text,
  color: vars.color.page,
  fontSize: vars.fontSize.sm,
});

/** The bar's one line, and the button that shows its details: as tall as a tap, never taller. */
export const line = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  // The bar is dark: the ring is the page's light colour.
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.page}`, outlineOffset: '-3px' } },
});

export const icon = style({ width: '18px', height: '18px', flexShrink: 0 });

/** What the line says: cut with an ellipsis rather than wrapped, so the bar stays one line. */
export const summary = style({ ...oneLine, minWidth: 0, fontWeight: 600 });

export const more = style({ display: 'inline-flex', alignItems: 'center', flexShrink: 0, textDecoration: 'underline' });
export const chevron = style({ display: 'inline-flex', transition: 'transform 150ms ease' });
export const chevronOpen = style([chevron, { transform: 'rotate(180deg)' }]);

/** The details under the line, once asked for. */
export const details = style({
  margin: 0,
  padding: `0 ${vars.space.md} ${vars.space.sm}`,
  textAlign: 'center',
  selectors: { '&[hidden]': { display: 'none' } },
});
