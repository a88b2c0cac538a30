import { style } from '@vanilla-extract/css';
import { formAlert } from '@/client/components/primitives.css';
import { media, vars } from '@/client/styles/theme.css';

export const form = style({ display: 'grid', gap: vars.space.lg });

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.md,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

/** Tablets: city and address side by side; the other fields keep the full width. */
export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const methods = style({ display: 'grid', gap: vars.space.sm, '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } } });

/** The whole card is the tap target of its radio. */
export const method = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.sm,
  alignItems: 'start',
  minHeight: vars.size.tapTarget,
  padding: vars.space.md,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.successBg },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ width: '1.25rem', height: '1.25rem', margin: '0.125rem 0 0', accentColor: vars.color.brand });
export const methodText = style({ display: 'grid', gap: vars.space.xxs });
export const methodName = style({ fontWeight: 700 });
export const methodHint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const alert = formAlert;

/** Only Cash on Delivery is offered: said above the one choice. */
export const methodsNote = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
