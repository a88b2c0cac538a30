import { type DefaultError, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, useForm } from 'react-hook-form';
import { type ReadResult, readResolver } from '../../lib/read-resolver';

type Errors = Partial<Record<string, string>>;

interface SettingsFormOptions<V extends FieldValues, T, A> {
  /** The form's id: its fields are `${id}-${field}`, its message `${id}-message`. */
  id: string;
  /** The fields that can be refused, in form order: the first refused one takes the focus. */
  fields: readonly FieldPath<V>[];
  defaultValues: DefaultValues<V>;
  /** The values as typed, read with the shared schemas: what the call sends, or one message per refused field. */
  read(values: V): ReadResult<T>;
  /** The form's message when the read refuses fields. */
  refused(errors: Errors): string | null;
  /** The save: a mutation of what `read` gives, answering `A`. */
  mutation: UseMutationOptions<A, DefaultError, T>;
  /** A failed save of `sent` in words: the form's message, and the fields it names. */
  failed(error: unknown, sent: T): Promise<{ message: string; errors: Errors }> | { message: string; errors: Errors };
  /** Saved: what the page does with the answer (the form's new values, the cache, the toast). */
  saved(answer: A): void;
}

/**
 * A settings form on react-hook-form: its values read by the shared schemas (`read`), the save a
 * mutation (busy while it is out), one error per field and the form's message (an alert the refused
 * fields point at). An edit clears that field's error; once the last one is put right, the message
 * about them goes too.
 */
export function useSettingsForm<V extends FieldValues, T, A>({
  id,
  fields,
  defaultValues,
  read,
  refused,
  mutation: options,
  failed,
  saved,
}: SettingsFormOptions<V, T, A>) {
  const summaryId = `${id}-message`;
  const form = useForm<V, unknown, T>({ defaultValues, resolver: readResolver(read), reValidateMode: 'onSubmit' });
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation(options);
  const { watch, clearErrors, getFieldState } = form;

  /** Clears `field`'s error; the message about the marked fields goes with the last one. */
  const clearError = (field: FieldPath<V>) => {
    if (!getFieldState(field).error) return;
    clearErrors(field);
    if (fields.every((f) => !getFieldState(f).error)) setMessage(null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once; clearError reads the form's current state
  useEffect(() => {
    const watching = watch((_values, { name, type }) => {
      if (name && type === 'change') clearError(name);
    });
    return () => watching.unsubscribe();
  }, [watch]);

  /** Marks the fields and focuses the first of them in form order. */
  const showErrors = (found: Errors, summary: string | null) => {
    clearErrors();
    for (const field of fields) {
      const error = found[field];
      if (error) form.setError(field, { type: 'server', message: error });
    }
    setMessage(summary);
    const first = fields.find((f) => found[f]);
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit(
    async (input) => {
      if (mutation.isPending) return;
      setMessage(null);
      let answer: A;
      try {
        answer = await mutation.mutateAsync(input);
      } catch (error) {
        const failure = await failed(error, input);
        showErrors(failure.errors, failure.message);
        return;
      }
      saved(answer);
    },
    (errors) => {
      const found: Errors = {};
      const byField = errors as Partial<Record<string, { message?: string }>>;
      for (const field of fields) found[field] = byField[field]?.message;
      setMessage(refused(found));
    },
  );

  const status = { message, summaryId, busy: mutation.isPending };
  /** What ties a FormSettingsField to this form. */
  const bind = (name: FieldPath<V>) => ({ control: form.control, name, status, formId: id });
  return { form, status, onSubmit, clearError, showErrors, bind };
}
