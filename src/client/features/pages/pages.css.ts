import { style } from '@vanilla-extract/css';
import { tapInline } from '@/client/styles/shapes';
import { formAlert, mutedText, pageTitleSize, card as sharedCard } from '../../components/primitives.css';
import * as textField from '../../components/text-field.css';
import { columnsFrom, markedRow, roundMark, stackedList } from '../../styles/shapes';
import { media, vars } from '../../styles/theme.css';

/* ---------- Shared by the three pages ---------- */

export const banner = style({
  padding: `${vars.space.xl} ${vars.space.md}`,
  background: `linear-gradient(135deg, ${vars.color.brandStrong} 0%, ${vars.color.brand} 60%, #4d7a36 100%)`,
  color: vars.color.onBrand,
  textAlign: 'center',
  '@media': { [media.tablet]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const bannerInner = style({ maxWidth: '44rem', margin: '0 auto', display: 'grid', gap: vars.space.sm });
export const kicker = style({ margin: 0, fontSize: vars.fontSize.xs, fontWeight: 700, letterSpacing: '0.12em', textTransform: 'uppercase', opacity: 0.9 });
export const bannerTitle = style({ margin: 0, fontSize: vars.fontSize.hero });
export const bannerText = style({ margin: 0, fontSize: vars.fontSize.md, '@media': { [media.tablet]: { fontSize: vars.fontSize.lg } } });

export const section = style({
  paddingTop: vars.space.xl,
  paddingBottom: vars.space.xl,
  '@media': { [media.tablet]: { paddingTop: vars.space.xxl, paddingBottom: vars.space.xxl } },
});
export const sectionMuted = style({ background: vars.color.surfaceMuted });
export const sectionTitle = pageTitleSize;
export const prose = style({ maxWidth: '44rem', display: 'grid', gap: vars.space.md });
export const paragraph = style({ margin: 0 });
export const muted = mutedText;

/** The shared card with its roomier padding on phones too. */
export const card = style([sharedCard, { padding: vars.space.lg }]);

export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const grid = style({
  ...stackedList(vars.space.md),
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const grid4 = style([grid, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } }]);
export const grid3 = style([grid, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } }]);

export const ctaRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg });

/* ---------- Contact ---------- */

export const contactLayout = style(columnsFrom(media.desktop, 'minmax(0, 3fr) minmax(0, 2fr)'));

export const form = style({ display: 'grid', gap: vars.space.md });
export const formRow = style({ display: 'grid', gap: vars.space.md, '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } } });
export const field = style({ display: 'grid', gap: vars.space.xs });
export const label = textField.label;

const control = {
  width: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
} as const;

export const input = style({ ...control, minHeight: vars.size.tapTarget, padding: `0 ${vars.space.md}` });
export const textarea = style({ ...control, minHeight: '9rem', padding: vars.space.md, resize: 'vertical' });

/** The form's message, above its fields. */
export const alert = formAlert;
export const fieldError = textField.fieldError;

export const infoList = style(stackedList(vars.space.md));
export const infoItem = style(markedRow('2.5rem', vars.space.sm));
export const infoIcon = style({
  ...roundMark('2.5rem'),
  background: vars.color.successBg,
  color: vars.color.brand,
});
export const infoLabel = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textMuted,
});
export const infoValue = style({ overflowWrap: 'anywhere', fontWeight: 600 });

export const socials = style({ listStyle: 'none', margin: `${vars.space.md} 0 0`, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const socialLink = style({
  ...tapInline(vars.space.md, vars.radius.pill),
  border: `1px solid ${vars.color.brand}`,
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  ':hover': { background: vars.color.successBg },
});

/* ---------- Our Brand ---------- */

export const ingredient = style([card, { display: 'grid', gap: vars.space.xs, alignContent: 'start' }]);
export const ingredientOrigin = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.accent,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const value = style(markedRow('2.75rem', vars.space.md));
export const valueMark = style({
  ...roundMark('2.75rem'),
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontFamily: vars.font.heading,
  fontWeight: 700,
});

export const quote = style([
  card,
  { margin: 0, height: '100%', display: 'grid', alignContent: 'space-between', gap: vars.space.md, borderLeft: `4px solid ${vars.color.accent}` },
]);
export const quoteText = style({ margin: 0, fontFamily: vars.font.heading, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.normal });
export const quoteBy = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: 600 });

export const timeline = style({
  ...stackedList(vars.space.md),
  borderLeft: `3px solid ${vars.color.border}`,
  paddingLeft: vars.space.lg,
});
export const timelineYear = style({ display: 'block', fontWeight: 700, color: vars.color.accent });
