import { style } from '@vanilla-extract/css';
import { formAlert, mutedText } from '../../components/primitives.css';
import { raisedSurface } from '../../styles/shapes';
import { media, vars } from '../../styles/theme.css';

export const page = style({
  display: 'grid',
  justifyItems: 'center',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  '@media': { [media.tablet]: { paddingTop: vars.space.xxl } },
});

export const card = style({
  width: '100%',
  maxWidth: '440px',
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  ...raisedSurface,
  '@media': { [media.tablet]: { padding: vars.space.xl } },
});

export const header = style({ display: 'grid', gap: vars.space.xs, textAlign: 'center' });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl });
export const lead = mutedText;

export const form = style({ display: 'grid', gap: vars.space.md });

/** The form's message, above its fields. */
export const alert = formAlert;

export const footer = style({ margin: 0, textAlign: 'center', fontSize: vars.fontSize.sm });
export const footerLink = style({ fontWeight: 700 });
