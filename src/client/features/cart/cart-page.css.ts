import { style } from '@vanilla-extract/css';
import { ghostButton } from '../../components/button.css';
import { mutedNote, pageTitleSize } from '../../components/primitives.css';
import { columnsFrom, raisedSurface, stackedList, thumbnailImage } from '../../styles/shapes';
import { media, vars } from '../../styles/theme.css';

export const page = style({ paddingTop: vars.space.lg, paddingBottom: vars.space.xxl });

export const title = pageTitleSize;

/** Phones: the lines, then the summary. Tablets and up: the summary beside the lines. */
export const layout = style(columnsFrom(media.desktop, 'minmax(0, 1fr) 340px'));

export const list = style(stackedList(vars.space.sm));

export const row = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr)',
  gridTemplateAreas: '"image info" "controls controls"',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  padding: vars.space.md,
  ...raisedSurface,
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: '96px minmax(0, 1fr)',
      gridTemplateAreas: '"image info" "image controls"',
    },
  },
});

export const rowBusy = style({ opacity: 0.7 });

export const image = style({
  gridArea: 'image',
  ...thumbnailImage('72px', vars.radius.md),
  '@media': { [media.tablet]: { width: '96px', height: '96px' } },
});

export const info = style({ gridArea: 'info', minWidth: 0, display: 'grid', gap: vars.space.xxs, alignContent: 'start' });

export const name = style({
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  ':hover': { textDecoration: 'underline' },
});

export const unitPrice = mutedNote;

export const stockNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.danger, fontWeight: 600 });

/** 'At most N per order' under a line whose product has its own limit (red once the line is over it). */
export const limitNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 600 });

export const controls = style({
  gridArea: 'controls',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  '@media': { [media.tablet]: { gap: vars.space.md } },
});

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});

export const stepButton = style({
  width: vars.size.tapTarget,
  minHeight: vars.size.tapTarget,
  border: 0,
  background: vars.color.surfaceMuted,
  color: vars.color.brand,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
  ':disabled': { color: vars.color.textMuted, cursor: 'not-allowed', opacity: 0.6 },
});

export const quantityInput = style({
  width: '3.5rem',
  minHeight: vars.size.tapTarget,
  border: 0,
  borderLeft: `1px solid ${vars.color.border}`,
  borderRight: `1px solid ${vars.color.border}`,
  textAlign: 'center',
  fontWeight: 600,
  background: vars.color.surface,
  MozAppearance: 'textfield',
  selectors: {
    '&::-webkit-outer-spin-button, &::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
  },
  ':disabled': { background: vars.color.surfaceMuted },
});

export const lineTotal = style({
  margin: 0,
  marginLeft: 'auto',
  fontWeight: 700,
  textAlign: 'right',
  '@media': { [media.tablet]: { minWidth: '6.5rem' } },
});

/** Always takes the spinner's room, so a save does not move the row. */
export const busySlot = style({ display: 'inline-flex', width: '1.25rem', justifyContent: 'center', color: vars.color.brand });

export const removeButton = style([
  ghostButton,
  {
    border: `1px solid transparent`,
    color: vars.color.danger,
    ':hover': { background: vars.color.dangerBg },
    ':disabled': { opacity: 0.55, cursor: 'not-allowed', background: 'transparent' },
  },
]);

/** The word 'Remove' beside the icon from tablets up; phones show the icon (the name stays in aria-label). */
export const removeText = style({ display: 'none', '@media': { [media.tablet]: { display: 'inline' } } });

export const summary = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  ...raisedSurface,
  '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.topBar} + ${vars.space.md})` } },
});

export const summaryTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const totals = style({ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'baseline', gap: vars.space.sm, margin: 0 });
export const totalsLabel = style({ color: vars.color.textMuted });
export const totalsValue = style({ margin: 0, textAlign: 'right', fontWeight: 600 });
export const subtotalValue = style({ margin: 0, textAlign: 'right', fontWeight: 700, fontSize: vars.fontSize.lg });

export const note = mutedNote;

export const actions = style({ display: 'grid', gap: vars.space.sm });

export const continueLink = style({ justifySelf: 'center', fontSize: vars.fontSize.sm, fontWeight: 600 });

export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const emptyIcon = style({ width: '64px', height: '64px', color: vars.color.brand });

export const emptyTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });

export const emptyText = style({ margin: 0, maxWidth: '32rem', color: vars.color.textMuted });

export const skeletonRow = style([row, { boxShadow: 'none' }]);
