import { style } from '@vanilla-extract/css';
import { bareList, borderedSurface, cluster, stackedList } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/**
 * The settings page's "Delivery options": a list of cards (checkout order) with their controls, and
 * the add / edit form. The card's width decides the columns (container queries, settings.css.ts),
 * so a tablet with the admin menu beside it gets the same layout as a narrow desktop window.
 */

/** The section takes the whole row of the settings grid: its form has 16 regions to tick. */
export const section = style({ gridColumn: '1 / -1' });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, ':focus': { outline: 'none' } });

export const list = style(stackedList(vars.space.md));

/** One option: its name and marks, its facts, then its switch and buttons. */
export const item = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  ...borderedSurface(vars.radius.md),
});

/** An option that is off: on muted paper, so the ones shoppers see stand out. */
export const itemOff = style({ background: vars.color.surfaceMuted });

export const itemHeader = style(cluster({ gap: vars.space.sm, align: 'center' }));

export const itemTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700, overflowWrap: 'anywhere', ':focus': { outline: 'none' } });

/** Label and value pairs: one under the other on a narrow card, side by side with room. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  '@container': { '(min-width: 520px)': { gridTemplateColumns: 'max-content minmax(0, 1fr)' } },
});
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({
  margin: 0,
  fontWeight: 600,
  overflowWrap: 'anywhere',
  '@container': { '(max-width: 519px)': { marginBottom: vars.space.xs } },
});

/** The switch on the left, the buttons on the right; wrapping on a narrow card. */
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const buttons = style(cluster({ gap: vars.space.xs, align: 'center' }));

/** A row's button that waits for another of the list's calls: still focusable (no focus lost), but inert. */
export const waiting = style({ selectors: { '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'progress' } } });

/** A switch: the native checkbox drawn as a sliding pill, tall enough to tap with its label. */
export const switchRow = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, fontWeight: 600 });
export const switchInput = style({
  appearance: 'none',
  flex: 'none',
  position: 'relative',
  width: '48px',
  height: '28px',
  margin: 0,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  transition: 'background 150ms ease',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      top: '2px',
      left: '2px',
      width: '20px',
      height: '20px',
      borderRadius: '50%',
      background: vars.color.textMuted,
      transition: 'transform 150ms ease',
    },
    '&:checked': { background: vars.color.brand, borderColor: vars.color.brand },
    '&:checked::before': { transform: 'translateX(20px)', background: vars.color.onBrand },
    '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'progress' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none', selectors: { '&::before': { transition: 'none' } } } },
});

/* ---------- The form ---------- */

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const formTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });

/** The 16 regions: as many columns as fit (two on a phone, four on a wide card), each box tap-tall. */
export const regions = style({
  ...bareList,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10.5rem, 1fr))',
  gap: `0 ${vars.space.md}`,
});

/** What the ticks add up to, under the boxes ('All regions' when none is ticked). */
export const regionsSummary = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600 });

/** Two amounts side by side once the card has room. */
export const amounts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@container': { '(min-width: 520px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' } },
});

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.lg}` });

export const empty = style({ margin: 0, padding: `${vars.space.lg} 0`, color: vars.color.textMuted, fontWeight: 600 });
