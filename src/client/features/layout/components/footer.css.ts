import { style } from '@vanilla-extract/css';
import { media, vars } from '@/client/styles/theme.css';

export const footer = style({
  marginTop: vars.space.xxl,
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
  // Room at the very bottom for the floating chat link, so it never covers the last line.
  padding: `${vars.space.xl} 0 calc(${vars.space.xxl} + ${vars.space.xl})`,
});

export const footerGrid = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.tablet]: { gridTemplateColumns: '1fr 1fr' },
    [media.desktop]: { gridTemplateColumns: '1.3fr 1fr 1.4fr' },
  },
});

export const footerHeading = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.onBrand,
  marginBottom: vars.space.sm,
});

export const footerText = style({ margin: `0 0 ${vars.space.sm}`, color: '#e4ecdc', fontSize: vars.fontSize.sm });

export const footerList = style({ listStyle: 'none', margin: 0, padding: 0, fontSize: vars.fontSize.sm });

export const footerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '40px',
  color: vars.color.onBrand,
  textUnderlineOffset: '3px',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecorationThickness: '2px' } },
});

export const contactLabel = style({ fontWeight: 700, marginRight: vars.space.xs });

export const socialList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: `${vars.space.md} 0 0`, padding: 0 });

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.onBrand}`,
  color: vars.color.onBrand,
  selectors: { '&:hover': { background: vars.color.onBrand, color: vars.color.brandStrong } },
});

export const newsletterForm = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const newsletterInput = style({
  flex: '1 1 200px',
  minWidth: 0,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  border: `2px solid ${vars.color.onBrand}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
});

export const subscribeButton = style({
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: 700,
  cursor: 'pointer',
  ':disabled': { opacity: 0.7, cursor: 'progress' },
});

export const footerBottom = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.md,
  borderTop: '1px solid rgba(255, 255, 255, 0.25)',
  fontSize: vars.fontSize.xs,
  color: '#e4ecdc',
});

export const contactBlock = style({ fontStyle: 'normal' });
