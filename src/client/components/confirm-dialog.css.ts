import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';
import { mutedText } from './primitives.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
});

export const dialog = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '440px',
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });
export const text = mutedText;
export const buttons = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
