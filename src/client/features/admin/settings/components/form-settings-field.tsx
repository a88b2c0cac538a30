import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { SettingsField } from './settings-field';

type SettingsFieldProps = Parameters<typeof SettingsField>[0];

type FormSettingsFieldProps<V extends FieldValues, T> = Omit<
  SettingsFieldProps,
  'id' | 'name' | 'value' | 'onChange' | 'error' | 'invalid' | 'describedBy' | 'inputRef'
> & {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  /** The form's (useSettingsForm's status): its id names the field, its message is pointed at by a refused field. */
  status: { message: string | null; summaryId: string };
  formId: string;
};

/**
 * A settings field bound to its react-hook-form field: its value, its change, its focus, and its
 * error under it (unless the form's message already says it), marked and pointing at the message.
 */
export function FormSettingsField<V extends FieldValues, T>({ control, name, status, formId, ...field }: FormSettingsFieldProps<V, T>) {
  const { field: bound, fieldState } = useController<V, FieldPath<V>, T>({ control, name });
  const error = fieldState.error?.message;
  return (
    <SettingsField
      {...field}
      id={`${formId}-${name}`}
      name={bound.name}
      value={typeof bound.value === 'string' ? bound.value : ''}
      onChange={bound.onChange}
      error={error && error !== status.message ? error : undefined}
      invalid={Boolean(error)}
      describedBy={status.message && error ? [status.summaryId] : []}
      inputRef={bound.ref}
    />
  );
}
