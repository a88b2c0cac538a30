import { style } from '@vanilla-extract/css';
import { callout, mutedNote, panel } from '@/client/components/primitives.css';
import { vars } from '@/client/styles/theme.css';

/** The setup guide on the dashboard, flat like the dashboard's panels. */
export const guide = style([panel, { boxShadow: 'none' }]);

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg });
export const note = mutedNote;

/** The slow gaps first: a warning-coloured box (the words, not the colour, say what it is). */
export const takesDays = style([
  callout,
  { display: 'grid', gap: vars.space.xs, background: vars.color.warningBg, color: vars.color.text, borderLeft: `4px solid ${vars.color.warning}` },
]);
export const takesDaysTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const takesDaysNote = style({ margin: 0, fontWeight: 400, fontSize: vars.fontSize.sm });
export const takesDaysGaps = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xxs, fontWeight: 400 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const gaps = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xxs });

export const step = style({
  display: 'grid',
  gridTemplateColumns: '28px minmax(0, 1fr)',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const stepBody = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const stepHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm });
export const stepName = style({ margin: 0, fontSize: vars.fontSize.md });

const stateBase = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const stateDone = style([stateBase, { color: vars.color.success }]);
export const stateTodo = style([stateBase, { color: vars.color.textMuted }]);

export const icon = style({ width: '24px', height: '24px', marginTop: '2px' });
export const iconDone = style([icon, { color: vars.color.success }]);
export const iconTodo = style([icon, { color: vars.color.textMuted }]);

/** Links and the tick: a 44 px target. */
export const fixLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.tapTarget, fontWeight: 600, justifySelf: 'start' });
export const tick = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, cursor: 'pointer', fontWeight: 600 });
export const tickBox = style({ width: '24px', height: '24px', flex: 'none', accentColor: vars.color.brand });

export const docs = style([mutedNote, { overflowWrap: 'anywhere' }]);
export const blocked = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
