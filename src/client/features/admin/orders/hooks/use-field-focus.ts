import { useLayoutEffect, useRef } from 'react';
import { type EnteredField, PRODUCT_SEARCH_NAME } from '../lib/entered-order';

/** The inputs' names where they differ from the field's (the first input of a group takes the focus). */
const INPUT_NAMES: Partial<Record<EnteredField, string>> = { lines: PRODUCT_SEARCH_NAME, deliveryOptionId: 'deliveryOption' };

/**
 * Focus on a field of the entered order once its error is on screen, or once the field itself is (a
 * delivery option's radios come with the settings; the promo code's input comes back when the code
 * is taken off): asked for now, done after the next render that shows it.
 */
export function useFieldFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef<EnteredField | null>(null);

  useLayoutEffect(() => {
    const field = pending.current;
    if (!field) return;
    const input = formRef.current?.querySelector<HTMLElement>(`[name="${INPUT_NAMES[field] ?? field}"]`);
    if (!input) return;
    pending.current = null;
    input.focus();
  });

  return {
    formRef,
    focusField: (field: EnteredField) => {
      pending.current = field;
    },
  };
}
