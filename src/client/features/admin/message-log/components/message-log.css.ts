import { style } from '@vanilla-extract/css';
import { adminPage, pageTitle, smallMutedNote } from '@/client/components/primitives.css';
import * as textField from '@/client/components/text-field.css';
import { vars } from '@/client/styles/theme.css';

/** /admin/message-log and the order page's Messages panel. */
export const page = adminPage;
export const title = pageTitle;

/** The state filter: as wide as its longest option, not the whole row. */
export const filter = style([textField.field, { maxWidth: '16rem' }]);

/**
 * Cells of words ('Order received', 'Read the message'): they wrap between words, never inside one
 * (the table cell's `overflow-wrap: anywhere` let a squeezed column print 'receiv|ed' on a tablet).
 */
export const words = style({ overflowWrap: 'break-word' });

/** A phone number or an e-mail address: an e-mail wraps before its '@' or after a dot (EmailText). */
export const recipient = style({ display: 'block', overflowWrap: 'break-word' });

/** 'Owner' beside an alert to the shop's owner: said in a word, the colour only repeats it. */
export const owner = style({
  display: 'inline-block',
  marginTop: vars.space.xxs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const what = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.sm}`, alignItems: 'baseline' });

/** The message as it went: behind its summary until asked for, its line breaks kept. */
export const text = style({ marginTop: vars.space.xxs });
export const summary = style({ cursor: 'pointer', color: vars.color.brand, fontWeight: 600, minHeight: '32px', display: 'flex', alignItems: 'center' });
export const body = style({ margin: `${vars.space.xxs} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '40rem' });

/** The state's badge, and under it why it failed or that it was only logged. */
export const state = style({ display: 'grid', gap: vars.space.xxs, justifyItems: 'start' });
export const note = style([smallMutedNote, { maxWidth: '16rem', overflowWrap: 'break-word' }]);
