import { style } from '@vanilla-extract/css';
import { cardStack, formAlert, mutedText } from '@/client/components/primitives.css';
import { cluster } from '@/client/styles/shapes';
import { vars } from '@/client/styles/theme.css';
import { confirmationTitle } from './order-detail.css';

/** /orders/lookup: one card of a form's width, as the sign-in page's. */
export const card = style([cardStack, { width: '100%', maxWidth: '480px', justifySelf: 'center' }]);

export const lead = mutedText;

export const form = style({ display: 'grid', gap: vars.space.md });

/** The form's message, above its fields. */
export const alert = formAlert;

/** The found order's news above it: the confirmation's green banner, its title a step smaller (an h2 here). */
export const foundTitle = style([confirmationTitle, { fontSize: vars.fontSize.lg }]);

export const actions = style(cluster({ gap: vars.space.sm }));
