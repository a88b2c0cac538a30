import { useEffect, useRef, useState } from 'react';
import { button } from '@/client/components/button';
import { FieldNotes } from '@/client/components/field-notes';
import * as fieldStyles from '@/client/components/text-field.css';
import { SETTINGS_TEXTS } from '../texts';
import * as styles from './settings.css';

interface LogoFieldProps {
  id: string;
  /** The stored logo's URL, or null. */
  current: string | null;
  /** The file chosen to replace it (not saved yet). */
  chosen: File | null;
  /** Changes to clear the file input (after a save, or 'Clear chosen logo'). */
  resetKey: number;
  error?: string;
  invalid?: boolean;
  describedBy?: string[];
  inputRef?: (element: HTMLElement | null) => void;
  onChoose(file: File | null): void;
}

/** A preview URL for a chosen file while it is shown (released afterwards: it holds the file in memory). */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** The logo: the current one, a file input (images only) and a preview of the chosen image. */
export function LogoField({ id, current, chosen, resetKey, error, invalid, describedBy = [], inputRef, onChoose }: LogoFieldProps) {
  // No preview of a file that is not an image.
  const preview = usePreviewUrl(chosen && !error ? chosen : null);
  const described = [...(error ? [`${id}-error`] : []), `${id}-hint`, ...describedBy];
  // 'Clear chosen logo' goes away once clicked: the focus moves to the (new, empty) file input.
  const focusInputAfterReset = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the input was remounted (a new resetKey)
  useEffect(() => {
    if (!focusInputAfterReset.current) return;
    focusInputAfterReset.current = false;
    document.getElementById(id)?.focus();
  }, [id, resetKey]);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Logo
      </label>
      <div className={styles.logoPreviews}>
        <figure className={styles.logoFigure}>
          {current ? <img src={current} alt="Current logo" className={styles.logoImage} /> : <p className={styles.noLogo}>{SETTINGS_TEXTS.noLogo}</p>}
          <figcaption className={styles.logoCaption} aria-hidden="true">
            Current
          </figcaption>
        </figure>
        {preview && (
          <figure className={styles.logoFigure}>
            <img src={preview} alt="New logo, not saved yet" className={styles.logoImage} />
            <figcaption className={styles.logoCaption} aria-hidden="true">
              New (not saved yet)
            </figcaption>
          </figure>
        )}
      </div>
      <div className={styles.logoControls}>
        <input
          key={resetKey}
          ref={inputRef}
          id={id}
          name="logo"
          type="file"
          accept="image/*"
          className={styles.fileInput}
          aria-invalid={Boolean(error) || Boolean(invalid) || undefined}
          aria-describedby={described.join(' ')}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        />
        {chosen && (
          <button
            type="button"
            className={button({ tone: 'quiet' })}
            onClick={() => {
              focusInputAfterReset.current = true;
              onChoose(null);
            }}
          >
            Clear chosen logo
          </button>
        )}
      </div>
      <FieldNotes id={id} hint={SETTINGS_TEXTS.logoHint} error={error} />
    </div>
  );
}
