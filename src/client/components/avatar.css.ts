import { style } from '@vanilla-extract/css';

/** A round avatar: the photo, or the initials on the name's colour (size set inline). */
export const avatar = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  overflow: 'hidden',
  objectFit: 'cover',
  color: '#fff',
  fontWeight: 700,
  lineHeight: 1,
  letterSpacing: '0.02em',
  userSelect: 'none',
  verticalAlign: 'middle',
});

/** The initials come from an attribute: never part of the text around them (a table cell's, a heading's). */
export const initials = style({
  '::before': { content: 'attr(data-initials)' },
});

/** Beside the name it stands for: a gap before the text. */
export const besideName = style({ marginInlineEnd: '0.5em' });
