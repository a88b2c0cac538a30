import { style } from '@vanilla-extract/css';
import { cardStack, pageTitle } from '../../components/primitives.css';
import { media, vars } from '../../styles/theme.css';

export const title = pageTitle;

/**
 * Phones: billing, then the summary, then Place order (the shopper sees the total before the tap).
 * Desktop: billing and Place order on the left, the summary beside them.
 */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
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
export const actionsArea = style({ gridArea: 'actions', minWidth: 0, display: 'grid', gap: vars.space.sm, alignContent: 'start' });

export const skeleton = style({ display: 'grid', gap: vars.space.md });

export const notice = style([
  cardStack,
  {
    justifyItems: 'center',
    textAlign: 'center',
    padding: `${vars.space.xxl} ${vars.space.md}`,
    // From tablets up the card's own padding, as the notice has looked there so far (the larger padding is a design call).
    '@media': { [media.tablet]: { padding: vars.space.lg } },
  },
]);

export const noticeTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const noticeText = style({ margin: 0, maxWidth: '32rem', color: vars.color.textMuted });
export const noticeIcon = style({ width: '64px', height: '64px', color: vars.color.brand });
