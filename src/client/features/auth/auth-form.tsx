import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Busy } from '../../components/busy';
import { button } from '../../components/button.css';
import * as styles from './auth.css';
import type { AuthFormState } from './use-auth-form';

interface AuthFormProps {
  /** From useAuthForm: the ids, the form's message and whether the call is out. */
  form: AuthFormState;
  /** The heading, also the submit button's text. */
  title: string;
  lead: string;
  /** The submit button's text while the call is out. */
  busyLabel: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The line under the card, and its link to the other form (keeping `redirectTo`). */
  footer: { text: string; to: '/signin' | '/signup'; label: string };
  redirectTo?: string;
  /** The fields. */
  children: ReactNode;
}

/** The card of /signin and /signup: heading, the form with its message, the fields and the submit button, and the way to the other form. */
export function AuthForm({ form, title, lead, busyLabel, onSubmit, footer, redirectTo, children }: AuthFormProps) {
  const { id, summaryId, message, busy } = form;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <header className={styles.header}>
          <h1 id={`${id}-title`} className={styles.title}>
            {title}
          </h1>
          <p className={styles.lead}>{lead}</p>
        </header>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={message ? summaryId : undefined}>
          {message && (
            <p id={summaryId} role="alert" className={styles.alert}>
              {message}
            </p>
          )}
          {children}
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy}>
            {busy && <Busy />}
            {busy ? busyLabel : title}
          </button>
        </form>
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
