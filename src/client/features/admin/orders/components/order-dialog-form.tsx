import type { ReactNode } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import * as styles from './order-detail.css';

/** The dialogs' close: not while their request runs (nor after it succeeded, while the page moves on). */
export const closeUnlessBusy = (busy: boolean, onClose: () => void) => () => {
  if (!busy) onClose();
};

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
  error: string | undefined;
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
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
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
