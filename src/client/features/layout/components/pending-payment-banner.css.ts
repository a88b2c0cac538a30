import { style } from '@vanilla-extract/css';
import { vars } from '@/client/styles/theme.css';

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.warningBg,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const text = style({ margin: 0 });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  fontWeight: 700,
  color: vars.color.brandStrong,
});
