import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { loginSchema } from '../../../shared/schemas/auth';
import type { LoginAnswer } from '../../../shared/types';
import { button } from '../../components/button.css';
import { Spinner } from '../../components/spinner';
import { apiCall, http } from '../../lib/http';
import { completeSignIn } from '../../stores/account';
import * as styles from './auth.css';
import { failureMessage, fieldErrors, firstInvalid } from './form-errors';
import { safeRedirect } from './redirect';
import { TextField } from './text-field';
import { AUTH_TEXTS } from './texts';
import { usePageTitle } from './use-page-title';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];
const SUMMARY_ID = 'signin-message';

/**
 * /signin: email and password, POST /api/login, then the welcome toast and the guest cart merged
 * (completeSignIn). Afterwards: back to `redirectTo` when it is a path on this site, else admins to
 * /admin and everybody else to /.
 */
export function SignInPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // The field's error goes as soon as it is edited.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues, FIELDS);
      setErrors(found);
      setMessage(MESSAGES.signInMissing);
      const first = firstInvalid(found, FIELDS);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    let answer: LoginAnswer;
    try {
      answer = await apiCall(() => http.post('login', { json: parsed.data }).json<LoginAnswer>(), MESSAGES.signInFailed);
    } catch (error) {
      setMessage(failureMessage(error, MESSAGES.signInFailed, AUTH_TEXTS.signInNetwork));
      setBusy(false);
      return;
    }
    await completeSignIn(answer);
    const target = safeRedirect(redirectTo);
    if (target) await navigate({ href: target, replace: true });
    // The admin area is its own part of the app: a full load there.
    else if (answer.data.role === 'admin') window.location.assign('/admin');
    else await navigate({ to: '/', replace: true });
  };

  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: change(field),
    // The spec's one message says what is wrong; the field is marked and points at it.
    error: errors[field] && errors[field] !== message ? errors[field] : undefined,
    invalid: Boolean(errors[field]),
    describedBy: message && errors[field] ? [SUMMARY_ID] : [],
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
  });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signin-title">
        <header className={styles.header}>
          <h1 id="signin-title" className={styles.title}>
            Sign In
          </h1>
          <p className={styles.lead}>Welcome back. Sign in to see your orders and keep your cart on every device.</p>
        </header>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={message ? SUMMARY_ID : undefined}>
          {message && (
            <p id={SUMMARY_ID} role="alert" className={styles.alert}>
              {message}
            </p>
          )}
          <TextField id="signin-email" name="email" label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
          <TextField
            id="signin-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            {...fieldProps('password')}
          />
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy}>
            {busy && (
              <span aria-hidden="true">
                <Spinner />
              </span>
            )}
            {busy ? 'Signing in…' : 'Sign In'}
          </button>
        </form>
        <p className={styles.footer}>
          New to Nkuto Naturals?{' '}
          <Link to="/signup" search={redirectTo ? { redirect: redirectTo } : {}} className={styles.footerLink}>
            Sign Up
          </Link>
        </p>
      </section>
    </div>
  );
}
