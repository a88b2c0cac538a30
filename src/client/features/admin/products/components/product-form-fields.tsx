import type { UseFormRegisterReturn } from 'react-hook-form';
import * as styles from './product-form.css';

/** The form's fields in screen order: the focus goes to the first one refused. */
export const PRODUCT_FIELDS = ['name', 'price', 'stock', 'category', 'maxPerOrder', 'description', 'images'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export const FAILURE_ID = 'product-form-message';

/**
 * A field's error as the form keeps it: its own text, or '' when the form's message above already
 * says it (the server refused that field); undefined when it has none.
 */
export type FieldErrorOf = (field: ProductField) => string | undefined;

/**
 * What ties a field to its error: marked invalid, described by its own error or the form's message,
 * then by its hint when it has one (`withHint`).
 */
export function marksOf(errorOf: FieldErrorOf, field: ProductField, withHint = false) {
  const error = errorOf(field);
  return {
    'aria-invalid': error !== undefined ? true : undefined,
    'aria-describedby':
      [error !== undefined ? (error ? `product-${field}-error` : FAILURE_ID) : undefined, withHint ? `product-${field}-hint` : undefined]
        .filter(Boolean)
        .join(' ') || undefined,
  } as const;
}

/** A field's own error line, unless the form's message says it. */
export function ErrorText({ field, errorOf }: { field: ProductField; errorOf: FieldErrorOf }) {
  const error = errorOf(field);
  return error ? (
    <p id={`product-${field}-error`} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}

/** A field's hint, then its error. */
export function FieldNotes({ field, hint, errorOf }: { field: ProductField; hint: string; errorOf: FieldErrorOf }) {
  return (
    <>
      <p id={`product-${field}-hint`} className={styles.hint}>
        {hint}
      </p>
      <ErrorText field={field} errorOf={errorOf} />
    </>
  );
}

interface NumberFieldProps {
  field: 'price' | 'stock';
  label: string;
  inputMode: 'decimal' | 'numeric';
  step: number;
  registered: UseFormRegisterReturn;
  errorOf: FieldErrorOf;
}

/** Price and stock: a required figure from 0, its label above and its error below. */
export function NumberField({ field, label, inputMode, step, registered, errorOf }: NumberFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={`product-${field}`} className={styles.label}>
        {label}
      </label>
      <input
        {...registered}
        id={`product-${field}`}
        type="number"
        inputMode={inputMode}
        min={0}
        step={step}
        required
        className={styles.input}
        {...marksOf(errorOf, field)}
      />
      <ErrorText field={field} errorOf={errorOf} />
    </div>
  );
}
