import { type FormEvent, useCallback, useRef, useState } from 'react';
import { fieldErrors, firstInvalid } from './form-errors';

type Errors<F extends string> = Partial<Record<F, string>>;

/** A shared schema, as far as a form uses it (zod and zod/mini alike). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The state of a sign-in or sign-up form: the values, one error per field, the form's message (the
 * summary with the id `${id}-message`), whether the call is out, and the props that tie each
 * TextField to them.
 */
export function useAuthForm<F extends string>(id: string, fields: readonly F[]) {
  const summaryId = `${id}-message`;
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const change = (field: F) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // The field's error goes as soon as it is edited.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The form refused or the call failed: marks the fields, shows the message, focuses the first marked field. */
  const showErrors = (found: Errors<F>, summary: string | null) => {
    setErrors(found);
    setMessage(summary);
    setBusy(false);
    const first = firstInvalid(found, fields);
    if (first) refs.current[first]?.focus();
  };

  /**
   * First thing on submit. Returns the values as `schema` parses them, with the errors and the
   * message cleared and the form busy: ready to send. Returns undefined (send nothing) while a call
   * is out, or when `schema` refuses the values: their fields are marked, `summary` of them is the message.
   */
  const validate = <T>(event: FormEvent<HTMLFormElement>, schema: Schema<T>, summary: (found: Errors<F>) => string | null): T | undefined => {
    event.preventDefault();
    if (busy) return undefined;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues, fields);
      showErrors(found, summary(found));
      return undefined;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    return parsed.data;
  };

  /** The call answered and the form stays for another (a reset sent): ready again, nothing marked. */
  const settle = () => {
    setErrors({});
    setMessage(null);
    setBusy(false);
  };

  /** Stable across renders, so an effect may depend on it. */
  const focus = useCallback((field: F) => refs.current[field]?.focus(), []);

  const fieldProps = (field: F) => ({
    value: values[field],
    onChange: change(field),
    // The form's message says what is wrong; the field is marked and points at it.
    error: errors[field] && errors[field] !== message ? errors[field] : undefined,
    invalid: Boolean(errors[field]),
    describedBy: message && errors[field] ? [summaryId] : [],
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
  });

  return { id, summaryId, message, busy, validate, showErrors, settle, focus, fieldProps };
}

export type AuthFormState = Pick<ReturnType<typeof useAuthForm>, 'id' | 'summaryId' | 'message' | 'busy'>;
