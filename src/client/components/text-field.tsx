import { type ChangeEvent, type Ref, useState } from 'react';
import { usePageLive } from '../lib/page-context';
import * as styles from './text-field.css';

interface TextFieldProps {
  id: string;
  /** The form field name (what password managers look at). */
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  /** The field's own error text, shown under it. */
  error?: string;
  /** Marked invalid even without a text of its own (the form's message then describes it). */
  invalid?: boolean;
  /** Ids of other texts that describe the field: a hint, the form's message. */
  describedBy?: string[];
  hint?: string;
  /** Passwords: a show/hide button. */
  revealable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The keyboard a phone shows (a code's digits: `numeric`). */
  inputMode?: 'numeric' | 'email' | 'tel';
  /** A field the form can go without (its label says so): not `required`. */
  optional?: boolean;
}

/**
 * A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). On a page the
 * server drew (sign-in, sign-up, order look-up) it is disabled until React runs the page: text typed
 * before would be reset by hydration (usePageLive).
 */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  value,
  onChange,
  autoComplete,
  error,
  invalid,
  describedBy = [],
  hint,
  revealable = false,
  inputRef,
  inputMode,
  optional = false,
}: TextFieldProps) {
  const [shown, setShown] = useState(false);
  const live = usePageLive();
  const starting = live ? undefined : true;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [...(error ? [errorId] : []), ...(hint ? [hintId] : []), ...describedBy];
  const isInvalid = Boolean(error) || Boolean(invalid);

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          className={revealable ? `${styles.input} ${styles.inputWithToggle}` : styles.input}
          type={revealable && shown ? 'text' : type}
          value={value}
          disabled={!live}
          data-starting={starting}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={!optional}
          aria-invalid={isInvalid || undefined}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
          spellCheck={type === 'text' ? undefined : false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
        />
        {revealable && (
          <button
            type="button"
            className={styles.toggle}
            aria-controls={id}
            disabled={!live}
            data-starting={starting}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password: its input with the show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'revealable'>) {
  return <TextField {...props} type="password" revealable />;
}
