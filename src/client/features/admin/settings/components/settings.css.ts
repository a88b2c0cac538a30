import { style } from '@vanilla-extract/css';
import { adminPage, cardStack, pageTitle, smallMutedNote } from '@/client/components/primitives.css';
import { outlineButton } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';

/**
 * /admin/settings. The admin menu takes part of the width on a tablet, so the columns follow the
 * space the page and each card really have (container queries), not the screen's width.
 */
export const page = adminPage;

export const title = pageTitle;

/** One column; from about 1000 px of room, the password form sits beside the shop's details. */
export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@container': { '(min-width: 1000px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

// minmax(0, 1fr): a track never grows past its box for a wide input or file picker.
export const card = style([cardStack, { containerType: 'inline-size', gridTemplateColumns: 'minmax(0, 1fr)' }]);

/** A short form: kept to a readable width when it has a row to itself. */
export const passwordCard = style({ maxWidth: '560px' });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md });

/** Two fields a row once the card has room for two inputs; one column on a phone. */
export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@container': { '(min-width: 520px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' } },
});

export const skeletonField = style({ display: 'grid', gap: vars.space.xs });

export const fieldset = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 700 });
export const legendHint = smallMutedNote;

export const textarea = style({ minHeight: '5.5rem', padding: `${vars.space.sm} ${vars.space.md}`, resize: 'vertical', fontFamily: 'inherit' });

export const logoPreviews = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-start' });
export const logoFigure = style({ margin: 0, display: 'grid', gap: vars.space.xxs, justifyItems: 'center' });
export const logoImage = style({
  width: '96px',
  height: '96px',
  objectFit: 'contain',
  padding: vars.space.xs,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const noLogo = style({
  margin: 0,
  width: '96px',
  height: '96px',
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const logoCaption = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const logoControls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

/** The native file input, tall enough to tap; its button keeps the browser's own look. */
export const fileInput = style({
  minHeight: vars.size.tapTarget,
  maxWidth: '100%',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::file-selector-button': { ...outlineButton(vars.color.brand), marginRight: vars.space.sm, fontWeight: 600 },
    '&[aria-invalid="true"]': { boxShadow: `0 0 0 2px ${vars.color.danger}`, borderRadius: vars.radius.md },
  },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** A kind of alert, on or off: the box and its words, tall enough to tap. */
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.tapTarget, fontWeight: 600 });
export const checkbox = style({ flex: 'none', width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });
