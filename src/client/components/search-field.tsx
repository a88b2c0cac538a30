import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import * as styles from './search-field.css';

/** Spec section 9: a search runs 300 ms after the last key. */
const SEARCH_DELAY_MS = 300;

export interface SearchFieldProps {
  id: string;
  label: string;
  /** The search in effect (usually from the address): shown again after Back or a reload. */
  value: string;
  /** Called with the trimmed text, 300 ms after typing stops, or at once on Enter. */
  onSearch(value: string): void;
  hint?: string;
  maxLength?: number;
}

/**
 * A labelled search box for the admin lists that waits until typing stops before it searches, so a
 * word typed is one request, not one per letter.
 */
export function SearchField({ id, label, value, onSearch, hint, maxLength = 100 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const hintId = `${id}-hint`;

  // The search changed elsewhere (Back, a link): the box shows it. Spaces the admin is still typing stay.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => {
    const term = text.trim();
    if (term === value) return;
    const timer = setTimeout(() => onSearchRef.current(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const searchNow = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (text.trim() !== value) onSearchRef.current(text.trim());
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={searchNow}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
