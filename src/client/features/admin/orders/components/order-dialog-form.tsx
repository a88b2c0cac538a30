import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import * as styles from './order-detail.css';

/**
 * What the order page's dialogs (clear a flag, refund) share: one request at a time, a close that
 * waits for it, and a field error. `run` returns true when the dialog's work is done.
 */
export function useDialogSubmit(onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const close = () => {
    if (!busyRef.current) onClose();
  };

  /** Runs `send` once: the dialog stays busy until it settles; a failure leaves it open. */
  const run = async (send: () => Promise<void>, onFailure: (caught: unknown) => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await send();
      busyRef.current = false;
    } catch (caught) {
      busyRef.current = false;
      setBusy(false);
      await onFailure(caught);
    }
  };

  /** A field's change: its new value, and its error gone. */
  const change = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(event.target.value);
    if (error) setError(null);
  };

  return { error, setError, busy, close, run, change, preventDefault: (event: FormEvent<HTMLFormElement>) => event.preventDefault() };
}

/** The dialog's one field: its label (for `id`), the control and what follows it (`children`), then its error. */
export function DialogField({
  id,
  label,
  errorId,
  error,
  children,
}: {
  id: string;
  label: string;
  errorId: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.dialogField}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Cancel and the confirming button, with a spinner while the request runs. */
export function DialogButtons({ busy, onCancel, children }: { busy: boolean; onCancel(): void; children: ReactNode }) {
  return (
    <div className={styles.dialogButtons}>
      <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
        {busy && <Busy />}
        {children}
      </button>
    </div>
  );
}

/** A field's error line, read out when it appears. */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className={styles.fieldError} role="alert">
      {error}
    </p>
  ) : null;
}

/** A titled list of past events on the order (refunds, disputes, cleared flags); nothing when empty. */
export function HistoryGroup({ id, title, children }: { id: string; title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <div className={styles.historyGroup}>
      <h3 id={id} className={styles.subTitle}>
        {title}
      </h3>
      <ul className={styles.history} aria-labelledby={id}>
        {children}
      </ul>
    </div>
  );
}
