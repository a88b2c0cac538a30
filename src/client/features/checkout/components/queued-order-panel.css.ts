import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

export const lines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  width: '100%',
  maxWidth: '28rem',
  display: 'grid',
  gap: vars.space.xs,
  textAlign: 'left',
});

export const line = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });

export const total = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs, fontWeight: 700 });

export const state = style({ margin: 0, fontWeight: 600, color: vars.color.warning });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'center' });

/** The delivery options to choose from again, with their buttons under them. */
export const choose = style({ display: 'grid', gap: vars.space.md, width: '100%', maxWidth: '28rem', textAlign: 'left' });
