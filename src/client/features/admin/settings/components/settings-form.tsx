import type { FormEvent, ReactNode } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { formAlert } from '@/client/components/primitives.css';
import * as styles from './settings.css';

interface SettingsFormProps {
  /** The form's `useSettingsForm` status: its message (an alert, describing the form) and whether its call is out. */
  status: { message: string | null; summaryId: string; busy: boolean };
  /** The form library's submit (react-hook-form's handleSubmit, by useSettingsForm). */
  /** The form library's submit (react-hook-form's handleSubmit, by useSettingsForm). */
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  submitLabel: string;
  /** The submit button's words while the call is out. */
  busyLabel: string;
  /** Beside the submit button (a Cancel). */
  secondary?: ReactNode;
  /** The form's own class (the settings form's by default). */
  className?: string;
  /** The heading that names the form, when it has one. */
  labelledBy?: string;
  children: ReactNode;
}

/** A settings form (shop info, password, a delivery option): the form's message above its fields, its submit button below. */
export function SettingsForm({ status, onSubmit, submitLabel, busyLabel, secondary, className = styles.form, labelledBy, children }: SettingsFormProps) {
  return (
    <form
      className={className}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby={labelledBy}
      aria-describedby={status.message ? status.summaryId : undefined}
    >
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
        {secondary}
      </div>
    </form>
  );
}
