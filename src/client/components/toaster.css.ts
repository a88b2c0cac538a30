import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/**
 * The toasts' place: under the fixed top bar (and the demo banner, which the top bar's height
 * includes), never over it, so the cart's icon and the menu stay in view and in reach while
 * '{name} added to cart' shows. `!important` over the library's inline `top: 16px`; a class, not
 * an inline style from the theme, so the theme's variables stay out of the start-up's JavaScript.
 */
export const belowTopBar = style({ top: `calc(${vars.size.topBar} + ${vars.space.sm}) !important` });

/** A toast's words wrap anywhere rather than push it past the screen (a product name with a long word). */
globalStyle(`${belowTopBar} [role="status"]`, { minWidth: 0, overflowWrap: 'anywhere' });
