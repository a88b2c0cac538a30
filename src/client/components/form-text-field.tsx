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
  ...field
}: FormTextFieldProps<T, C, S>) {
  const { field: bound, fieldState } = useController<T, FieldPath<T>, S>({ control, name });
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
    error: fieldState.error?.message,
    inputRef,
  };
  return password ? <PasswordField {...props} /> : <TextField {...props} />;
}
