import * as styles from './text-field.css';

/**
 * The texts under a field, tied to it by id: its hint (`${id}-hint`), then its error (`${id}-error`).
 * Each shows only when given; the field lists the same ids in its aria-describedby.
 */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </>
  );
}
