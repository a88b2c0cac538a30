import { style } from '@vanilla-extract/css';
import { dangerCallout, pageTitle, backLink as sharedBackLink, panel as sharedPanel, smallMutedNote } from '@/client/components/primitives.css';
import { columnsFrom, listToolbar, wordBadge } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

/** The admin customer screens: one column on a phone, built for a 1024 × 768 tablet either way round. */
export const page = style({ display: 'grid', gap: vars.space.lg, padding: `${vars.space.lg} 0 ${vars.space.xxl}`, minWidth: 0 });

export const title = style([pageTitle, { overflowWrap: 'anywhere' }]);

/** The search and the Accounts/Guests filter: stacked on a phone, side by side from a tablet up. */
export const toolbar = style(listToolbar('minmax(0, 28rem) 14rem'));

/** The CSV exports, under the filters. */
export const listActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** A buyer without an account: the word says it, the colour only repeats it. */
export const guestBadge = style({ ...wordBadge(vars.color.surfaceMuted, vars.color.text), whiteSpace: 'nowrap' });

export const name = style({ fontWeight: 600 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const backLink = sharedBackLink;

/** Contact details beside the totals on a landscape tablet; one column below that. */
export const layout = style(columnsFrom(media.desktop, 'minmax(0, 1fr) minmax(0, 1fr)'));

export const panel = sharedPanel;
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const pairs = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${vars.space.sm} ${vars.space.md}`, margin: 0 });
export const pairLabel = style({ color: vars.color.textMuted });
export const pairValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

/** Total Orders and Total Spent: two figure cards. */
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md, margin: 0 });
export const stat = style([panel, { gap: vars.space.xs, alignContent: 'start' }]);
export const statLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: 600 });
export const statValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const note = smallMutedNote;
export const contactActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Why a reset could not be sent, under its buttons. */
export const failure = style([dangerCallout, { fontSize: vars.fontSize.sm }]);

export const skeletonStack = style({ display: 'grid', gap: vars.space.md });
export const centred = style({ display: 'grid', gap: vars.space.md, justifyItems: 'start' });
