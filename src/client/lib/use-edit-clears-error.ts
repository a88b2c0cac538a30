import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A field's error goes as soon as it is edited, and comes back only with a submit (the form's
 * `reValidateMode: 'onSubmit'`): the mark leaves while the shopper puts the field right. Only a field
 * that has an error is cleared: clearing one without re-renders the whole form on every key.
 */
export function useEditClearsError<T extends FieldValues, C, S>({
  watch,
  clearErrors,
  getFieldState,
}: Pick<UseFormReturn<T, C, S>, 'watch' | 'clearErrors' | 'getFieldState'>): void {
  useEffect(() => {
    const watching = watch((_values, { name, type }) => {
      if (name && type === 'change' && getFieldState(name).error) clearErrors(name);
    });
    return () => watching.unsubscribe();
  }, [watch, clearErrors, getFieldState]);
}
