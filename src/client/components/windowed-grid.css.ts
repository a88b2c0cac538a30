import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

/** A windowed list: its kept cards (the focused one and its neighbours) are placed absolutely inside it. */
export const windowed = style({ position: 'relative' });

// The window decides what is in the page; `content-visibility: auto` (a plain grid's saving) would
// give rows that were never on screen an estimated height and break the equal rows the maths needs.
globalStyle(`${windowed}${windowed} > li`, { contentVisibility: 'visible', containIntrinsicBlockSize: 'none' });

export const loadingMore = style({ margin: 0, padding: `${vars.space.md} 0`, textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A card's place while its card is on its way (a row per task after a jump): the card's box, quietly. */
export const placeholder = style({ background: vars.color.surfaceMuted, borderRadius: vars.radius.md });
