import { style } from '@vanilla-extract/css';
import { callout, mutedNote } from '@/client/components/primitives.css';
import { media, vars } from '@/client/styles/theme.css';

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } } });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const status = style([callout, { background: vars.color.warningBg, color: vars.color.warning }]);
export const statusFailed = style([status, { background: vars.color.dangerBg, color: vars.color.danger }]);

/** Phones: one full-width button per row; tablets: side by side. */
export const actions = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.tablet]: { display: 'flex', flexWrap: 'wrap' } },
});

export const note = mutedNote;

/** The sandbox's mark on every in-app charge screen. */
export const testBadge = style({
  justifySelf: 'start',
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.danger,
  color: vars.color.onBrand,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});
export const statusDone = style([status, { background: vars.color.successBg, color: vars.color.success }]);
/** The seconds left to approve: big enough to read at arm's length, digits that do not jump. */
export const countdown = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const networkText = style({
  margin: 0,
  padding: vars.space.md,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
});
export const otpForm = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'end' } },
});
