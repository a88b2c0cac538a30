import { style } from '@vanilla-extract/css';
import { callout, formAlert, mutedText } from '../../components/primitives.css';
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

/** What the last answer said (a reset sent): the success colours, beside the form's red message. */
export const notice = style([callout, { background: vars.color.successBg, color: vars.color.success, borderLeft: `4px solid ${vars.color.success}` }]);

/** 'Forgot password?' under the password: small, at the end of the line, tap-tall. */
export const forgotLink = style({
  justifySelf: 'end',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  marginTop: `calc(-1 * ${vars.space.sm})`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/** The other ways on under a form's button (a new code, another address): a wrapping row. */
export const moreActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm });

/** What the code was sent to, with the way to change it. */
export const sentTo = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
