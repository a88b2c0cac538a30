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

/** One column on a phone; code, discount and the button in a row from a tablet up. */
export const addForm = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto' } },
});

export const formMessage = style({ gridColumn: '1 / -1' });

/** Level with the inputs (under their labels) from a tablet up. */
export const addButton = style({ '@media': { [media.tablet]: { marginTop: '1.6rem' } } });

export const code = style({ textAlign: 'left', fontFamily: 'ui-monospace, monospace', fontWeight: 700, whiteSpace: 'nowrap' });

export const date = style({ whiteSpace: 'nowrap' });

export const percentForm = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const percentInput = style({ width: '4.5rem', padding: `0 ${vars.space.sm}`, textAlign: 'right' });
export const rowError = style({ marginTop: vars.space.xs, maxWidth: '16rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
export const confirm = style({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, fontWeight: 600 });

export const empty = style({ margin: 0, padding: `${vars.space.xl} 0`, textAlign: 'center', fontWeight: 600, color: vars.color.textMuted });
