import { style } from '@vanilla-extract/css';
import { mutedNote, mutedText, pageTitle } from '@/client/components/primitives.css';
import { inputBox } from '@/client/components/text-field.css';
import { borderedSurface, stack, tapInline } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

export const page = style({ paddingBottom: vars.space.xxl });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.xl } },
});

export const gallery = style(stack({ gap: vars.space.sm }));

export const mainImageBox = style({
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});

export const mainImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const thumb = style({
  width: '64px',
  height: '64px',
  padding: 0,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand, boxShadow: `0 0 0 2px ${vars.color.brand}` } },
  '@media': { [media.tablet]: { width: '80px', height: '80px' } },
});

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const info = style(stack({ gap: vars.space.md }));

export const name = pageTitle;

export const price = style({ fontSize: vars.fontSize.xl, fontWeight: 700, color: vars.color.brandStrong });

export const category = mutedNote;

export const description = style({ margin: 0, whiteSpace: 'pre-line' });

export const inStock = style({ margin: 0, fontWeight: 600, color: vars.color.success });
export const outOfStock = style({ margin: 0, fontWeight: 600, color: vars.color.danger });

export const quantityField = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, fontWeight: 600 });

/** 'At most N per order' beside the quantity, when the product has its own limit. */
export const limitNote = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 400, color: vars.color.textMuted });

export const quantityInput = style([inputBox, { width: '5.5rem', padding: `0 ${vars.space.sm}`, ':disabled': { opacity: 0.55 } }]);

export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  '@media': { [media.desktop]: { maxWidth: '28rem' } },
});

export const share = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const shareLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm, margin: 0 });

export const shareLink = style({
  ...tapInline(vars.space.sm, vars.radius.pill),
  ...borderedSurface(vars.radius.pill),
  gap: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.brand } },
});

export const shareIcon = style({ width: '18px', height: '18px', flexShrink: 0 });

export const similar = style({ marginTop: vars.space.xxl });
export const similarTitle = style({ fontSize: vars.fontSize.xl, color: vars.color.brandStrong });
export const muted = mutedText;

export const notFound = style({
  ...stack({ gap: vars.space.md, align: 'flex-start', padding: `${vars.space.lg} 0` }),
  // At least a screen tall, like the loading placeholder, so the footer does not jump up into view.
  minHeight: '100vh',
});

export const skeletonInfo = style(stack({ gap: vars.space.md }));
