import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const page = style({ paddingTop: vars.space.lg, paddingBottom: vars.space.xxl, display: 'grid', gap: vars.space.lg });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } },
});

/** A card: the form's sections, the summary, the payment panel. */
export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: vars.space.lg } },
});

/**
 * Phones: billing, then the summary, then Place order (the shopper sees the total before the tap).
 * Desktop: billing and Place order on the left, the summary beside them.
 */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateAreas: '"form" "summary" "actions"',
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: 'minmax(0, 1fr) 360px',
      gridTemplateAreas: '"form summary" "actions summary"',
      gridTemplateRows: 'auto 1fr',
    },
  },
});

export const formArea = style({ gridArea: 'form', minWidth: 0 });
export const summaryArea = style({
  gridArea: 'summary',
  minWidth: 0,
  '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.topBar} + ${vars.space.md})` } },
});
export const actionsArea = style({ gridArea: 'actions', display: 'grid', gap: vars.space.sm, alignContent: 'start' });

export const skeleton = style({ display: 'grid', gap: vars.space.md });

export const notice = style([
  card,
  {
    justifyItems: 'center',
    textAlign: 'center',
    padding: `${vars.space.xxl} ${vars.space.md}`,
  },
]);

export const noticeTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const noticeText = style({ margin: 0, maxWidth: '32rem', color: vars.color.textMuted });
export const noticeIcon = style({ width: '64px', height: '64px', color: vars.color.brand });
