import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css';

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } } });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const status = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningBg,
  color: vars.color.warning,
  fontWeight: 600,
});
export const statusFailed = style([status, { background: vars.color.dangerBg, color: vars.color.danger }]);

/** Phones: one full-width button per row; tablets: side by side. */
export const actions = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.tablet]: { display: 'flex', flexWrap: 'wrap' } },
});

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
