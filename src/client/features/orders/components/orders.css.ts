import { style } from '@vanilla-extract/css';
import { cardStack, pageTitle } from '@/client/components/primitives.css';
import { cluster, stackedList, thumbnailImage } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/** /orders and /order/{id}: one column on phones, wider cards from tablets up. */
export const title = style([pageTitle, { overflowWrap: 'anywhere' }]);

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const section = style({ display: 'grid', gap: vars.space.md });

export const list = style(stackedList(vars.space.md));

export const cardHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontFamily: vars.font.body, overflowWrap: 'anywhere' });

export const items = style({
  ...stackedList(vars.space.sm),
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.md,
});

export const item = style({ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr)', alignItems: 'center', gap: vars.space.sm });

export const itemImage = style(thumbnailImage('56px', vars.radius.md));

export const itemInfo = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });
export const itemName = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const itemMeta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Full width on phones (an easy thumb target), its own size from tablets up. */
export const detailsLink = style({ '@media': { [media.tablet]: { justifySelf: 'start' } } });

export const notice = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const noticeText = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600 });

/** A notice's ways on, side by side while they fit. */
export const noticeActions = style(cluster({ gap: vars.space.sm }));

/** The signed-in customer's way to an order placed without the account. */
export const lookupLine = style({ margin: 0, fontSize: vars.fontSize.sm });

export const empty = style([notice, { justifyItems: 'center', textAlign: 'center', padding: `${vars.space.xxl} ${vars.space.md}`, borderStyle: 'dashed' }]);

export const skeletonCard = style([cardStack, { boxShadow: 'none' }]);

/** Money news on a card: a payment that came after the order was cancelled, refunds. */
export const cardNote = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600 });
