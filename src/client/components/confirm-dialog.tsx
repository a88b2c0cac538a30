import { useEffect, useId, useRef } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { useFocusTrap } from '@/client/lib/use-focus-trap';
import * as styles from './confirm-dialog.css';

interface ConfirmDialogProps {
  /** The question, also the dialog's name: 'Delete Raw Shea Butter?'. */
  title: string;
  text: string;
  confirmLabel: string;
  /** The safe answer's words: 'Cancel' unless that would read like the action ('Cancel order'). */
  cancelLabel?: string;
  /** The confirmed action is under way: both buttons wait, Escape does nothing. */
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question (role alertdialog): Cancel has the focus first (the safe answer), Tab stays
 * inside, Escape cancels; afterwards the focus goes back to what opened it when that is still there.
 * The shared focus trap does the keyboard; a plain element rather than ModalDialog, which has a
 * title bar and a Close button where this has only the two answers.
 */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel = 'Cancel', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // Declared before the trap, so the opener is read before the trap moves the focus to Cancel.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  useFocusTrap(dialogRef, {
    initialFocus: 'button',
    onEscape: () => {
      if (!busy) onCancel();
    },
  });

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
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={textId} className={styles.text}>
          {text}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={button({ tone: 'danger' })} disabled={busy} onClick={onConfirm}>
            {busy && <Busy />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
