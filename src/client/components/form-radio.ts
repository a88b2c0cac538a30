/** What a radio group's form field gives its inputs (react-hook-form's `useController` field). */
export interface ChoiceField<V> {
  value: V;
  onChange(value: V): void;
  ref(element: HTMLElement | null): void;
}

/**
 * One radio of a group bound to a form field: checked when the field holds `value`, choosing it sets
 * the field; the group's first radio (`index` 0) takes the focus when the group is refused.
 */
export function radioOf<V extends string>(field: ChoiceField<V>, value: V, index: number) {
  return { ref: index === 0 ? field.ref : undefined, type: 'radio' as const, value, checked: field.value === value, onChange: () => field.onChange(value) };
}
