import { style } from '@vanilla-extract/css';
import * as textField from './text-field.css';

/** The labelled text field's look; the field may shrink inside a grid or flex row. */
export const field = style([textField.field, { minWidth: 0 }]);
export const label = textField.label;
export const input = textField.fullInputBox;
export const hint = textField.hint;
