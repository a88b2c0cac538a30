import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Busy } from '../../components/busy';
import { button } from '../../components/button';
import { usePageLive } from '../../lib/page-context';
import * as styles from './auth.css';
import type { AuthFormState } from './use-auth-form';

/** The line under the card, and its link to another auth page (keeping `redirectTo`). */
interface AuthFooter {
  text: string;
  to: '/signin' | '/signup';
  label: string;
}

interface AuthCardProps {
  /** Ties the heading to the card (`${id}-title`). */
  id: string;
  title: string;
  lead: string;
  footer: AuthFooter;
  redirectTo?: string;
  children: ReactNode;
}

/** The card of the auth pages: heading and lead, what the page shows, and the way to another page. */
export function AuthCard({ id, title, lead, footer, redirectTo, children }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <header className={styles.header}>
          <h1 id={`${id}-title`} className={styles.title}>
            {title}
          </h1>
          <p className={styles.lead}>{lead}</p>
        </header>
        {children}
        <p className={styles.footer}>
          {footer.text}{' '}
          <Link to={footer.to} search={redirectTo ? { redirect: redirectTo } : {}} className={styles.footerLink}>
            {footer.label}
          </Link>
        </p>
      </section>
    </div>
  );
}

interface AuthFormProps extends Omit<AuthCardProps, 'id'> {
  /** From useAuthForm: the ids and the form's message. */
  form: AuthFormState;
  /** Whether the call is out (its mutation's isPending). */
  busy: boolean;
  /** The submit button's text (the heading's unless given). */
  submitLabel?: string;
  /** The submit button's text while the call is out. */
  busyLabel: string;
  /**
   * What the last answer said (a live region above the form, `${id}-status`), or undefined for a form
   * that has no such news. A new `seq` shows it anew, so the same words sent again are read again.
   */
  status?: { text: string; seq: number } | null;
  /** Controls after the submit button (another way on, another call). */
  after?: ReactNode;
  /** The form library's submit (react-hook-form's handleSubmit, by useAuthForm's submitWith). */
  onSubmit(event: FormEvent<HTMLFormElement>): unknown;
}

/** The card with its form: the form's message, the fields (children) and the submit button. */
export function AuthForm({ form, busy, title, submitLabel = title, busyLabel, status, after, onSubmit, children, ...card }: AuthFormProps) {
  const { id, summaryId, message } = form;
  // A tap before React runs the server's page would submit the form the browser's way (a reload).
  const live = usePageLive();
  return (
    <AuthCard id={id} title={title} {...card}>
      {status !== undefined && (
        // The region is there before any news, so screen readers announce what comes into it.
        <div role="status">
          {status && (
            <p key={status.seq} id={`${id}-status`} className={styles.notice}>
              {status.text}
            </p>
          )}
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={message ? summaryId : undefined}>
        {message && (
          <p id={summaryId} role="alert" className={styles.alert}>
            {message}
          </p>
        )}
        {children}
        <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy || !live} data-starting={live ? undefined : true}>
          {busy && <Busy />}
          {busy ? busyLabel : submitLabel}
        </button>
        {after}
      </form>
    </AuthCard>
  );
}
