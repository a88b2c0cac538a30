import { style } from '@vanilla-extract/css';
import { inputBox, invalidBorder } from './text-field.css';

export { field, fieldError as error, label } from './text-field.css';
export const select = style([inputBox, invalidBorder, { width: '100%' }]);
