import { useRef, useState } from 'react';

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * The state a form keeps besides its values: one error per field, the form's message (shown with
 * the id `${id}-message`), whether its call is out, and where to put the focus when it is refused.
 */
export function useFormStatus<F extends string>(id: string, fields: readonly F[]) {
  const summaryId = `${id}-message`;
  const [errors, setErrors] = useState<Errors<F>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});

  /** Refused or failed: marks the fields, shows the message, focuses the first marked field (form order). */
  const showErrors = (found: Errors<F>, summary: string | null) => {
    setErrors(found);
    setMessage(summary);
    setBusy(false);
    const first = fields.find((f) => found[f] !== undefined);
    if (first) elements.current[first]?.focus();
  };

  /** The call goes out: no errors, no message, busy. */
  const start = () => {
    setErrors({});
    setMessage(null);
    setBusy(true);
  };

  const done = () => setBusy(false);

  /**
   * Sets or clears one field's own error (the logo is checked as soon as it is chosen). Once the last
   * marked field is put right, the form's message about them goes too.
   */
  const setError = (field: F, error: string | undefined) => {
    if (errors[field] === error) return;
    const next = { ...errors, [field]: error };
    setErrors(next);
    if (message && fields.every((f) => next[f] === undefined)) setMessage(null);
  };

  /** A field's error goes as soon as it is edited. */
  const clearError = (field: F) => setError(field, undefined);

  /**
   * What ties a field to the state: its error under it (unless the form's message already says it),
   * marked invalid, described by the form's message, and its element for the focus.
   */
  const marks = (field: F) => ({
    error: errors[field] && errors[field] !== message ? errors[field] : undefined,
    invalid: Boolean(errors[field]),
    describedBy: message && errors[field] ? [summaryId] : [],
    inputRef: (element: HTMLElement | null) => {
      elements.current[field] = element;
    },
  });

  return { id, summaryId, message, busy, errors, showErrors, start, done, setError, clearError, marks };
}

type FormStatus<F extends string> = ReturnType<typeof useFormStatus<F>>;

/**
 * A form's text fields (`V`: their values by name) kept with its `useFormStatus`: `fieldProps(field)`
 * gives a field its id (`${status.id}-${field}`), name, value, its change (which clears its error)
 * and its marks.
 */
export function useFormFields<F extends string, V extends Partial<Record<F, string>>>(status: FormStatus<F>, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const fieldProps = (field: keyof V & F) => ({
    id: `${status.id}-${field}`,
    name: field,
    value: values[field],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      status.clearError(field);
    },
    ...status.marks(field),
  });
  return { values, setValues, fieldProps };
}
