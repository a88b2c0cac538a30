import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import { type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useEditClearsError } from '@/client/lib/use-edit-clears-error';
import { firstInvalid } from './form-errors';

type Errors<F extends string> = Partial<Record<F, string>>;

/** A shared schema (zod/mini), as the form library's zod resolver reads it. */
type Schema = z.ZodMiniType<FieldValues, FieldValues>;

/**
 * A sign-in, sign-up or reset form on react-hook-form: the values, one error per field, the form's
 * message (the summary with the id `${id}-message`), and the props that bind each FormTextField.
 * The schema is given at submit, as one form may go through two steps with a schema each.
 */
export function useAuthForm<F extends string>(id: string, fields: readonly F[]) {
  const summaryId = `${id}-message`;
  const [message, setMessage] = useState<string | null>(null);
  const schema = useRef<Schema | null>(null);
  // The resolver of the submit under way (set just before handleSubmit reads it).
  const resolver = useCallback<Resolver<FieldValues>>(
    (values, context, options) => (schema.current ? zodResolver(schema.current)(values, context, options) : { values, errors: {} }),
    [],
  );
  const form = useForm<FieldValues>({
    defaultValues: Object.fromEntries(fields.map((f) => [f, ''])),
    resolver,
    // A field's error goes as soon as it is edited (below), and comes back only with a submit.
    reValidateMode: 'onSubmit',
  });
  const { clearErrors, setError, setFocus } = form;
  useEditClearsError(form);

  /** The form refused or the call failed: marks the fields, shows the message, focuses the first marked field. */
  const showErrors = (found: Errors<F>, summary: string | null) => {
    clearErrors();
    for (const field of fields) if (found[field]) setError(field, { type: 'server', message: found[field] });
    setMessage(summary);
    const first = firstInvalid(found, fields);
    if (first) setFocus(first);
  };

  /**
   * The submit handler: the values as `parse` reads them go to `send`, with the errors and the
   * message cleared; values it refuses send nothing: their fields are marked (the first focused),
   * `summary` of them is the message.
   */
  const submitWith =
    <S extends Schema>(parse: S, summary: (found: Errors<F>) => string | null, send: (data: z.output<S>) => unknown) =>
    (event?: BaseSyntheticEvent) => {
      schema.current = parse;
      return form.handleSubmit(
        (data) => {
          setMessage(null);
          void send(data as z.output<S>);
        },
        (errors) => setMessage(summary(errorsOf(errors, fields))),
      )(event);
    };

  /** The call answered and the form stays for another (a reset sent): nothing marked. */
  const settle = () => {
    clearErrors();
    setMessage(null);
  };

  /** Stable across renders, so an effect may depend on it. */
  const focus = useCallback((field: F) => setFocus(field), [setFocus]);

  const fieldProps = (field: F) => ({ control: form.control, name: field, summary: { id: summaryId, message } });

  return { id, summaryId, message, submitWith, showErrors, settle, focus, fieldProps };
}

/** The form library's errors as one message per field. */
function errorsOf<F extends string>(errors: FieldErrors, fields: readonly F[]): Errors<F> {
  const found: Errors<F> = {};
  for (const field of fields) {
    const text = errors[field]?.message;
    if (typeof text === 'string') found[field] = text;
  }
  return found;
}

export type AuthFormState = Pick<ReturnType<typeof useAuthForm>, 'id' | 'summaryId' | 'message'>;
