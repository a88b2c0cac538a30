import { style } from '@vanilla-extract/css';
import { menuItem } from '@/client/components/menu.css';
import { adminPage, mutedText, pageTitle } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { listToolbar, thumbnailImage } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/**
 * The admin product screens. The admin menu takes part of the width on a tablet, so layouts follow
 * the room the page really has (container queries), not the screen's width.
 */
export const page = style([adminPage, { alignContent: 'start' }]);

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });

export const title = pageTitle;

export const lead = mutedText;

/** The search, the category filter and the sort: stacked on a phone, side by side from a tablet up. */
export const toolbar = style(listToolbar('minmax(0, 1fr) 12rem 13rem'));

/** The table's product cell: thumbnail and name side by side. */
export const productCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: '200px' });
export const thumbnail = style({
  flex: '0 0 auto',
  ...thumbnailImage('48px', vars.radius.sm),
});
export const productName = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'nowrap' });

/** Row actions: full tap height on a tablet even inside a dense table. */
export const rowButton = style({ minHeight: vars.size.tapTarget });

/** A row's More menu: fixed to the screen (placed by the component) so the table's scroll box does not clip it. */
export const rowMenuWrap = style({ position: 'relative' });
export const rowMenu = style({
  position: 'fixed',
  zIndex: 45,
  minWidth: '12rem',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});
/** A link in a row's menu ('See in the shop') looks like its buttons. */
export const rowMenuItem = style([menuItem, { color: vars.color.text, font: 'inherit', textDecoration: 'none' }]);
export const rowMenuDanger = style({ color: vars.color.danger });

export const skeletonRowCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const failure = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });

/** The quick stock edit of a low-stock row: the number and Save on one line. */
export const stockEdit = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });
export const stockEditField = style({ display: 'grid', gap: vars.space.xxs });
export const stockInput = style([textField.inputBox, textField.invalidBorder, { width: '6.5rem', padding: `0 ${vars.space.sm}` }]);
export const inlineError = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.danger, fontWeight: 600, maxWidth: '14rem' });

export const switchRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, fontWeight: 600 });
export const checkbox = style({ width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });
