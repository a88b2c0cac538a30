import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A form's values read with the shared schemas: the request to send, or one message per refused field. */
export type ReadResult<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * A react-hook-form resolver from a form's read function (its fields as typed, read with the shared
 * schemas from src/shared/schemas into what the call sends): the same messages, one per field.
 */
export function readResolver<V extends FieldValues, T>(read: (values: V) => ReadResult<T>): Resolver<V, unknown, T> {
  return (values) => {
    const result = read(values);
    if (result.ok) return { values: result.value, errors: {} };
    const errors: FieldErrors<FieldValues> = {};
    for (const [field, message] of Object.entries(result.errors)) if (message) errors[field] = { type: 'validate', message };
    // Refused without a field to mark: still refused. Not under `root`, which handleSubmit sets aside
    // (it holds a server's answer) and would submit the values anyway.
    if (Object.keys(errors).length === 0) errors.refused = { type: 'validate', message: '' };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
