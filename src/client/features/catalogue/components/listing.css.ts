import { globalStyle, style } from '@vanilla-extract/css';
import { inputBox } from '@/client/components/text-field.css';
import { stack } from '@/client/styles/shapes';
import { media, vars } from '@/client/styles/theme.css';

export const page = style({ paddingBottom: vars.space.xxl });

export const title = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.xxl,
  color: vars.color.brandStrong,
  letterSpacing: '0.02em',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const count = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, minHeight: '1.5em' });

export const sortField = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.sm, fontWeight: 600 });

// The size of the words beside it (the global 'font: inherit'), not the text box's own.
export const select = style([
  inputBox,
  { padding: `0 ${vars.space.sm}`, fontSize: 'inherit', fontWeight: 400, '@media': { [media.tablet]: { minWidth: '14rem' } } },
]);

export const empty = style(stack({ gap: vars.space.md, align: 'flex-start', padding: `${vars.space.xl} 0` }));
globalStyle(`${empty} > p`, { margin: 0, color: vars.color.textMuted });

export const copyNote = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const saveOffline = style(stack({ gap: vars.space.sm, align: 'flex-start', padding: `${vars.space.lg} 0 0` }));

export const saveOfflineText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, maxWidth: '40rem' });
