import type { FormEvent, ReactNode } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { formAlert } from '@/client/components/primitives.css';
import * as styles from './settings.css';

interface SettingsFormProps {
  /** The form's `useFormStatus`: its message (an alert, describing the form) and whether its call is out. */
  status: { message: string | null; summaryId: string; busy: boolean };
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  submitLabel: string;
  /** The submit button's words while the call is out. */
  busyLabel: string;
  children: ReactNode;
}

/** A settings form (shop info, password): the form's message above its fields, its submit button below. */
export function SettingsForm({ status, onSubmit, submitLabel, busyLabel, children }: SettingsFormProps) {
  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={status.message ? status.summaryId : undefined}>
      {status.message && (
        <p id={status.summaryId} role="alert" className={formAlert}>
          {status.message}
        </p>
      )}
      {children}
      <div className={styles.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={status.busy} aria-busy={status.busy || undefined}>
          {status.busy && <Busy />}
          {status.busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
