import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { button } from '../../../../components/button.css';
import { Spinner } from '../../../../components/spinner';
import * as styles from './dialog.css';

interface ConfirmDialogProps {
  /** The question, also the dialog's name: 'Delete Raw Shea Butter?'. */
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirmed action is under way: both buttons wait, Escape does nothing. */
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question (role alertdialog): Cancel has the focus first (the safe answer), Tab stays
 * inside, Escape cancels; afterwards the focus goes back to what opened it when that is still there.
 * Not a native <dialog>: jsdom cannot open one, and this one behaves the same in every browser.
 */
export function ConfirmDialog({ title, text, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        aria-busy={busy || undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={textId} className={styles.text}>
          {text}
        </p>
        <div className={styles.buttons}>
          <button ref={cancelRef} type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={button({ tone: 'danger' })} disabled={busy} onClick={onConfirm}>
            {busy && (
              <span aria-hidden="true">
                <Spinner />
              </span>
            )}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
