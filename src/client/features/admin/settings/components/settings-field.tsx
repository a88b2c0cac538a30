import { FieldNotes } from '@/client/components/field-notes';
import * as fieldStyles from '@/client/components/text-field.css';
import * as styles from './settings.css';

interface SettingsFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'url';
  /** A textarea (the address). */
  multiline?: boolean;
  /** The keyboard a phone shows: `decimal` for an amount in cedis. */
  inputMode?: 'decimal' | 'numeric';
  required?: boolean;
  autoComplete: string;
  hint?: string;
  error?: string;
  invalid?: boolean;
  /** Ids of other texts that describe the field (the form's message). */
  describedBy?: string[];
  inputRef?: (element: HTMLElement | null) => void;
}

/**
 * A labelled input or textarea of the settings form, with its hint and error tied to it. Unlike the
 * shared TextField it can be optional, a URL, an amount or several lines.
 */
export function SettingsField({
  id,
  name,
  label,
  value,
  onChange,
  type = 'text',
  multiline = false,
  inputMode,
  required = false,
  autoComplete,
  hint,
  error,
  invalid,
  describedBy = [],
  inputRef,
}: SettingsFieldProps) {
  const described = [...(error ? [`${id}-error`] : []), ...(hint ? [`${id}-hint`] : []), ...describedBy];
  const common = {
    id,
    name,
    value,
    required,
    autoComplete,
    'aria-invalid': Boolean(error) || Boolean(invalid) || undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  };
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} ref={inputRef} rows={3} className={`${fieldStyles.input} ${styles.textarea}`} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={type}
          className={fieldStyles.input}
          inputMode={inputMode ?? (type === 'url' ? 'url' : undefined)}
          spellCheck={type === 'text' ? undefined : false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
