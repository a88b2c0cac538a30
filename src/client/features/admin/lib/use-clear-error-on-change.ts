import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A field's error goes as soon as it is edited (the form is checked again on its next submit, with
 * `reValidateMode: 'onSubmit'`), as the admin's forms always did.
 */
export function useClearErrorOnChange<V extends FieldValues, C, S>({ watch, clearErrors }: UseFormReturn<V, C, S>) {
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type === 'change' && name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}
