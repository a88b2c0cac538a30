import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { PasswordField, TextField } from './text-field';

type TextFieldProps = Parameters<typeof TextField>[0];

/** `T`: the form's fields as typed; `C`: its resolver's context; `S`: what a submit hands on (a schema's output). */
type FormTextFieldProps<T extends FieldValues, C, S> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'inputRef'> & {
  control: Control<T, C, S>;
  name: FieldPath<T>;
  /** Passwords: the input with its show/hide button. */
  password?: boolean;
  /** How the value is written once the field is left (a code in its usual form). */
  normalize?(value: string): string;
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
export function FormTextField<T extends FieldValues, C = unknown, S = T>({
  control,
  name,
  password = false,
  normalize,
  summary,
  ...field
}: FormTextFieldProps<T, C, S>) {
  const { field: bound, fieldState } = useController<T, FieldPath<T>, S>({ control, name });
  const error = fieldState.error?.message;
  const pointsAtSummary = Boolean(summary?.message && error);
  // TextField has no blur prop: the input's own blur event writes the value as `normalize` has it.
  const inputRef = (el: HTMLInputElement | null) => {
    bound.ref(el);
    if (!el || !normalize) return;
    const leave = () => {
      const written = normalize(el.value);
      if (written !== el.value) bound.onChange(written);
    };
    el.addEventListener('blur', leave);
    return () => el.removeEventListener('blur', leave);
  };
  const props = {
    ...field,
    name: bound.name,
    value: typeof bound.value === 'string' ? bound.value : String(bound.value ?? ''),
    onChange: (value: string) => bound.onChange(value),
    error: error && error !== summary?.message ? error : undefined,
    invalid: field.invalid || Boolean(error),
    describedBy: pointsAtSummary && summary ? [summary.id, ...(field.describedBy ?? [])] : field.describedBy,
    inputRef,
  };
  return password ? <PasswordField {...props} /> : <TextField {...props} />;
}
