import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { PasswordField, TextField } from './text-field';

type TextFieldProps = Parameters<typeof TextField>[0];

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'inputRef'> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Passwords: the input with its show/hide button. */
  password?: boolean;
};

/**
 * The one binding of a react-hook-form field to the labelled text input: its value, its change, its
 * focus on a failed submit and the error its form's schema (zod resolver) gave it.
 */
export function FormTextField<T extends FieldValues>({ control, name, password = false, ...field }: FormTextFieldProps<T>) {
  const { field: bound, fieldState } = useController({ control, name });
  const props = {
    ...field,
    name: bound.name,
    value: typeof bound.value === 'string' ? bound.value : String(bound.value ?? ''),
    onChange: (value: string) => bound.onChange(value),
    error: fieldState.error?.message,
    inputRef: bound.ref,
  };
  return password ? <PasswordField {...props} /> : <TextField {...props} />;
}
