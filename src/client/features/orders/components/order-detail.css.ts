import { style } from '@vanilla-extract/css';
import { cardStack, mutedNote } from '@/client/components/primitives.css';
import { columnsFrom, stackedList, thumbnailImage, thumbnailLine } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/** Phones: everything in one column. Desktop: customer and items, with the summary beside them. */
export const layout = style(columnsFrom(media.desktop, 'minmax(0, 1fr) 340px'));

export const main = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const summary = style([cardStack, { '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.topBar} + ${vars.space.md})` } } }]);

export const items = style(stackedList(vars.space.md));

export const item = style({
  ...thumbnailLine('64px', vars.space.sm),
  '@media': { [media.tablet]: { gridTemplateColumns: '80px minmax(0, 1fr) auto', gap: vars.space.md } },
});

export const itemImage = style({
  ...thumbnailImage('64px', vars.radius.md),
  '@media': { [media.tablet]: { width: '80px', height: '80px' } },
});

export const lineTotal = style({ margin: 0, fontWeight: 700, textAlign: 'right' });

export const note = mutedNote;

/** An order that needs the shopper: cancelled, or waiting for its Mobile Money payment. */
export const callout = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  margin: 0,
  padding: `${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: '4px solid currentColor',
});
export const calloutWarning = style([callout, { background: vars.color.warningBg, color: vars.color.warning }]);
export const calloutDanger = style([callout, { background: vars.color.dangerBg, color: vars.color.danger }]);
export const calloutSuccess = style([callout, { background: vars.color.successBg, color: vars.color.success, ':focus': { outline: 'none' } }]);
export const calloutText = style({ margin: 0, fontWeight: 600 });
/** What happens next, nothing wrong (a cash order the shop will confirm by a time): a quiet note, not a warning. */
export const calloutNote = style([callout, { background: vars.color.surfaceMuted, color: vars.color.text, borderLeftColor: vars.color.brand }]);
export const calloutNoteText = style({ margin: 0 });

/** The confirmation after checkout: above the order, in the brand's green. */
export const confirmation = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.lg,
  background: vars.color.successBg,
  border: `2px solid ${vars.color.success}`,
  borderRadius: vars.radius.lg,
});

export const confirmationTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.success,
  // Focused by the page (tabIndex -1) so screen readers start here; it is no control, so no focus ring.
  ':focus': { outline: 'none' },
});

export const confirmationText = style({ margin: 0 });
export const orderNumberText = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.md });

export const skeletonStack = style({ display: 'grid', gap: vars.space.sm });
