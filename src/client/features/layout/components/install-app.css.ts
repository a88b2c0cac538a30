import { style } from '@vanilla-extract/css';
import { outlineButton } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';
import { panelLink } from './layout.css';

/** The footer's Install button: an outline on the dark green, like the social links. */
export const footerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  ...outlineButton(vars.color.onBrand),
  marginTop: vars.space.sm,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.onBrand, color: vars.color.brandStrong } },
});

/** In the slide-in menu: a menu row (panelLink) with room for the icon, in the brand colour. */
export const menuButton = style([panelLink, { gap: vars.space.sm, color: vars.color.brand }]);

/** Safari's Share icon inside the sentence. */
export const inlineIcon = style({ display: 'inline-block', verticalAlign: '-4px', margin: `0 ${vars.space.xxs}`, color: vars.color.focus });

// The list keeps its own numbers (a list without markers loses its semantics in Safari's VoiceOver).
export const steps = style({
  margin: `0 0 ${vars.space.lg}`,
  paddingLeft: '1.75em',
  display: 'grid',
  gap: vars.space.md,
});

export const step = style({
  paddingLeft: vars.space.xs,
  lineHeight: vars.lineHeight.normal,
  selectors: { '&::marker': { color: vars.color.brand, fontWeight: 700 } },
});
