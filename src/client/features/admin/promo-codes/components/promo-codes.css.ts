import { style } from '@vanilla-extract/css';
import { pageTitle, panel as sharedPanel } from '@/client/components/primitives.css';
import { media, vars } from '@/client/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '1100px' });

export const header = style({ display: 'grid', gap: vars.space.xs });
export const title = pageTitle;
export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: '65ch' });

/** Flat (no shadow), like the dashboard's panels. */
export const panel = style([sharedPanel, { boxShadow: 'none' }]);

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, outline: 'none' });

/** One column on a phone; code and discount side by side from a tablet up, then the limits and the button. */
export const addForm = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const formMessage = style({ gridColumn: '1 / -1' });

/** Under the limits, at the start of the row. */
export const addButton = style({ gridColumn: '1 / -1', justifySelf: 'start' });

export const code = style({ textAlign: 'left', fontFamily: 'ui-monospace, monospace', fontWeight: 700, whiteSpace: 'nowrap' });

// The day a code was made may break after its day and month ("22 Nov / 2026") so the table fits a tablet.
export const date = style({ minWidth: '4.5rem' });

// Wraps (Save under the field) before the table would outgrow a tablet.
export const percentForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
export const percentInput = style({ width: '4.5rem', padding: `0 ${vars.space.sm}`, textAlign: 'right' });
export const rowError = style({ marginTop: vars.space.xs, maxWidth: '16rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
export const confirm = style({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, fontWeight: 600 });

export const empty = style({ margin: 0, padding: `${vars.space.xl} 0`, textAlign: 'center', fontWeight: 600, color: vars.color.textMuted });

/** A code's limits, side by side from a tablet up (two by two on a portrait tablet). */
export const limits = style({
  gridColumn: '1 / -1',
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))' } },
});
export const legend = style({ gridColumn: '1 / -1', padding: 0, marginBottom: vars.space.xs, fontWeight: 700 });

/** The checkbox with its label: the whole row is the target, at least 44 px tall. */
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.tapTarget,
  fontWeight: 600,
  cursor: 'pointer',
});
export const checkbox = style({ flex: 'none', width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });

/** The uses cell: a short line ('3 of 10'), kept whole. */
export const limitCell = style({ whiteSpace: 'nowrap' });
/** The dates a code is valid between wrap (between the dates) rather than push the table past a 1024 px tablet. */
export const validCell = style({ minWidth: '7rem' });
export const limitNote = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The row's limits editor, under the row across the whole table. */
export const editorCell = style({ background: vars.color.surfaceMuted });
export const editorForm = style({ display: 'grid', gap: vars.space.md });
export const editorActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
