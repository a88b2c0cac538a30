import { style } from '@vanilla-extract/css';
import { formAlert } from '../../components/primitives.css';
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
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: vars.space.xl } },
});

export const header = style({ display: 'grid', gap: vars.space.xs, textAlign: 'center' });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl });
export const lead = style({ margin: 0, color: vars.color.textMuted });

export const form = style({ display: 'grid', gap: vars.space.md });

/** The form's message, above its fields. */
export const alert = formAlert;

export const field = style({ display: 'grid', gap: vars.space.xs });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const inputWrap = style({ position: 'relative', display: 'flex' });

export const input = style({
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&:focus-visible': { outlineOffset: '0' },
  },
});

export const inputWithToggle = style({ paddingRight: '4.75rem' });

export const toggle = style({
  position: 'absolute',
  right: vars.space.xxs,
  top: '50%',
  transform: 'translateY(-50%)',
  minHeight: '40px',
  minWidth: '4.25rem',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  ':hover': { background: vars.color.surfaceMuted },
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const fieldError = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: 600 });

export const footer = style({ margin: 0, textAlign: 'center', fontSize: vars.fontSize.sm });
export const footerLink = style({ fontWeight: 700 });
