import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';
import * as textField from './text-field.css';

/** The line saying how many were found (or that they are loading): its height kept while it changes. */
export const count = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, minHeight: '1.5em' });

/** A list's filter: a labelled select, as wide as its column of the toolbar. */
export const filter = textField.field;
export const filterLabel = textField.label;
export const filterSelect = style([textField.inputBox, { width: '100%', padding: `0 ${vars.space.sm}` }]);
