import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { PasswordField, TextField } from './text-field';

type TextFieldProps = Parameters<typeof TextField>[0];

type FormTextFieldProps<T extends FieldValues, Parsed> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'inputRef'> & {
  /** The form's control; `Parsed` is what its resolver makes of the values. */
  control: Control<T, unknown, Parsed>;
  name: FieldPath<T>;
  /** Passwords: the input with its show/hide button. */
  password?: boolean;
  /**
   * The form's own message (the summary with the id `id`), for forms that have one: a field error
   * saying the same is not repeated under the field, which stays marked and points at the message.
   */
  summary?: { id: string; message: string | null };
};

/**
 * The one binding of a react-hook-form field to the labelled text input: its value, its change, its
 * focus on a failed submit and the error its form's schema (zod resolver) gave it.
 */
export function FormTextField<T extends FieldValues, Parsed = T>({ control, name, password = false, summary, ...field }: FormTextFieldProps<T, Parsed>) {
  const { field: bound, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const pointsAtSummary = Boolean(summary?.message && error);
  const props = {
    ...field,
    name: bound.name,
    value: typeof bound.value === 'string' ? bound.value : String(bound.value ?? ''),
    onChange: (value: string) => bound.onChange(value),
    error: error && error !== summary?.message ? error : undefined,
    invalid: field.invalid || Boolean(error),
    describedBy: pointsAtSummary && summary ? [summary.id, ...(field.describedBy ?? [])] : field.describedBy,
    inputRef: bound.ref,
  };
  return password ? <PasswordField {...props} /> : <TextField {...props} />;
}
