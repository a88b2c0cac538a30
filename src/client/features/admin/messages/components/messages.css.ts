import { style } from '@vanilla-extract/css';
import { cardStack, mutedText, pageTitle } from '@/client/components/primitives.css';
import { stackedList } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '960px' });

export const header = style({ display: 'grid', gap: vars.space.xs });
export const title = pageTitle;
export const count = mutedText;

export const list = style({
  ...stackedList(vars.space.md),
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});

/** Flat (no shadow): a list of many. */
export const card = style([cardStack, { gap: vars.space.sm, boxShadow: 'none' }]);

export const cardHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.xs });

export const subject = style({ margin: 0, fontFamily: vars.font.body, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });

export const date = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const from = style({ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `0 ${vars.space.sm}`, overflowWrap: 'anywhere' });

/** The e-mail link is a tap target of its own on a tablet. */
export const email = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.tapTarget, fontWeight: 600 });

/** The message as it was typed: its line breaks kept, long words wrapped. */
export const body = style({
  margin: 0,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const empty = style({
  margin: 0,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: 'center',
  fontWeight: 600,
  color: vars.color.textMuted,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const skeletonCard = style([card]);
