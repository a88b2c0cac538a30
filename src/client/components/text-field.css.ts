import { style } from '@vanilla-extract/css';
import { borderedSurface } from '../styles/shapes';
import { vars } from '../styles/theme.css';
import { smallMutedNote } from './primitives.css';

/** A labelled text input with its hint and error (forms across the shop: auth, checkout, admin). */
export const field = style({ display: 'grid', gap: vars.space.xs });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const inputWrap = style({ position: 'relative', display: 'flex' });

/** The shop's text box: a tap-sized, bordered, rounded input (the labelled field's, and the checkout's promo code box). */
export const inputBox = style({
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  ...borderedSurface(vars.radius.md),
  fontSize: vars.fontSize.md,
});

/** A text box whose value was refused: a thicker red border (with the error text, never colour alone). */
export const invalidBorder = style({ selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } } });

/** A full-width text box whose focus ring hugs its border. */
export const fullInputBox = style([inputBox, { width: '100%', selectors: { '&:focus-visible': { outlineOffset: '0' } } }]);

export const input = style([fullInputBox, invalidBorder]);

/** The dialogs' and profile's text box: a 2px border that turns brand-green on focus and red when refused. */
export const strongInputBox = style([
  inputBox,
  {
    width: '100%',
    borderWidth: '2px',
    selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger }, '&:focus': { borderColor: vars.color.brand } },
  },
]);

export const inputWithToggle = style({ paddingRight: '4.75rem' });

/** Show/Hide: the box's whole height (a finger's 44 px), over its right end; transparent, so the border shows. */
export const toggle = style({
  position: 'absolute',
  right: vars.space.xxs,
  top: 0,
  bottom: 0,
  minHeight: vars.size.tapTarget,
  minWidth: '4.25rem',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  // Underlined rather than filled: a fill would cover the box's border above and below.
  ':hover': { textDecoration: 'underline' },
});

export const hint = smallMutedNote;
export const fieldError = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: 600 });
