import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** 'View cart': a tap-tall link at the end of the toast's line. */
export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.xs}`,
  fontWeight: 700,
  color: vars.color.brandStrong,
  whiteSpace: 'nowrap',
});
