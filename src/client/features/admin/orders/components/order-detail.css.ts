import { style } from '@vanilla-extract/css';
import { dangerCallout, mutedNote, backLink as sharedBackLink, panel as sharedPanel } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { columnsFrom, stackedList, thumbnailImage } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

export const backLink = sharedBackLink;

export const header = style({ display: 'grid', gap: vars.space.sm });
export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0, color: vars.color.textMuted });

/** 'Order status [Pending]', 'Payment [Pending]': a badge with its name before it, kept together. */
export const labelledBadge = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

/** The attention flag: big, with a sign and words, never colour alone. */
export const attention = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  borderLeft: '6px solid currentColor',
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontWeight: 700,
  fontSize: vars.fontSize.md,
});

/** Phones and a portrait tablet: one column. A landscape tablet: payment and totals beside the rest. */
// Two columns only on wide screens: at 1024 px the side menu leaves too little room for the items table.
export const layout = style(columnsFrom('screen and (min-width: 1280px)', 'minmax(0, 1fr) 320px'));
export const column = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const panel = sharedPanel;

/** The four steps: numbered circles joined in a row (they fit a 390 px phone). */
export const steps = style({ ...stackedList(vars.space.xs), gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', counterReset: 'step' });

export const step = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  selectors: {
    // The line to the previous step.
    '&:not(:first-child)::before': {
      content: '""',
      position: 'absolute',
      top: '15px',
      right: '50%',
      width: '100%',
      height: '3px',
      background: vars.color.border,
      zIndex: 0,
    },
    '&[data-state="done"]::before, &[data-state="current"]::before': { background: vars.color.brand },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: 700 },
    '&[data-state="done"]': { color: vars.color.text },
  },
  '@media': { [media.tablet]: { fontSize: vars.fontSize.sm } },
});

export const marker = style({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: 700,
  selectors: {
    [`${step}[data-state="done"] &`]: { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
    [`${step}[data-state="current"] &`]: { borderColor: vars.color.brand, color: vars.color.brand, boxShadow: `0 0 0 3px ${vars.color.successBg}` },
  },
});

export const cancelled = style([dangerCallout, { fontWeight: 700, fontSize: vars.fontSize.lg }]);
export const note = mutedNote;

export const statusControl = style({ display: 'grid', gap: vars.space.xs, maxWidth: '22rem' });
export const controlRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const label = textField.label;
export const select = style([textField.inputBox, { flex: 1, padding: `0 ${vars.space.sm}` }]);
export const fieldError = textField.fieldError;

export const productCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: '12rem' });
export const productImage = style({ ...thumbnailImage('48px', vars.radius.md), flexShrink: 0 });
export const productName = style({ fontWeight: 600 });

export const skeletonStack = style({ display: 'grid', gap: vars.space.md });
export const centred = style({ display: 'grid', gap: vars.space.md, justifyItems: 'start' });

/** "Needs attention": the open flags, loud; the cleared ones under them, quiet. */
export const flagList = style(stackedList(vars.space.sm));
export const flag = style([
  attention,
  {
    display: 'grid',
    gap: vars.space.xs,
    alignItems: 'start',
    borderLeftColor: vars.color.danger,
    fontWeight: 400,
    fontSize: vars.fontSize.sm,
    color: vars.color.text,
  },
]);
export const flagLabel = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.md, color: vars.color.danger });
export const flagText = style({ margin: 0, overflowWrap: 'anywhere' });
export const flagActions = style({ display: 'flex', justifyContent: 'flex-start' });
export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md });

/** Cleared flags, refunds and disputes: one line each, the newest last. */
export const history = style(stackedList(vars.space.sm));
export const historyItem = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const historyHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, fontWeight: 600 });
export const historyGroup = style({ display: 'grid', gap: vars.space.xs });

/** The forms inside the Clear and Refund dialogs. */
export const dialogForm = style({ display: 'grid', gap: vars.space.md });
export const dialogField = textField.field;
export const dialogHint = textField.hint;
export const dialogInput = style([textField.strongInputBox, { padding: `${vars.space.xs} ${vars.space.sm}` }]);
export const dialogTextarea = style([dialogInput, { minHeight: '6rem', resize: 'vertical' }]);
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, fontWeight: 600 });
export const checkbox = style({ width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });
export const dialogButtons = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
