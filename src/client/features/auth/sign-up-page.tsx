import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { signUpSchema } from '../../../shared/schemas/auth';
import { button } from '../../components/button.css';
import { Spinner } from '../../components/spinner';
import { ApiFailure, apiCall, http } from '../../lib/http';
import * as styles from './auth.css';
import { failureMessage, fieldErrors, firstInvalid } from './form-errors';
import { TextField } from './text-field';
import { AUTH_TEXTS } from './texts';
import { usePageTitle } from './use-page-title';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const SUMMARY_ID = 'signup-message';

/** The spec's order: every field filled in, then matching passwords, then the length. */
const PRIORITY: string[] = [MESSAGES.signUpMissing, MESSAGES.passwordsDiffer, MESSAGES.passwordTooShort];

function summaryOf(errors: Partial<Record<Field, string>>): string | null {
  const found = FIELDS.map((f) => errors[f]).filter((m): m is string => m !== undefined);
  return PRIORITY.find((m) => found.includes(m)) ?? found[0] ?? null;
}

/**
 * /signup: full name, email, password (8+ characters) and its confirmation; POST /api/addUser, then
 * 'Registration successful!' and on to /signin (keeping `redirectTo` for after the sign-in).
 */
export function SignUpPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (found: Partial<Record<Field, string>>, summary: string | null) => {
    setErrors(found);
    setMessage(summary);
    const first = firstInvalid(found, FIELDS);
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues, FIELDS);
      showErrors(found, summaryOf(found));
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      await apiCall(() => http.post('addUser', { json: parsed.data }).json(), AUTH_TEXTS.signUpFailed);
    } catch (error) {
      const text = failureMessage(error, AUTH_TEXTS.signUpFailed, AUTH_TEXTS.signUpNetwork);
      showErrors(error instanceof ApiFailure && error.errors ? fieldErrors(error.errors, FIELDS) : {}, text);
      setBusy(false);
      return;
    }
    toast.success(MESSAGES.registered);
    await navigate({ to: '/signin', search: redirectTo ? { redirect: redirectTo } : {} });
  };

  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: change(field),
    error: errors[field] && errors[field] !== message ? errors[field] : undefined,
    invalid: Boolean(errors[field]),
    describedBy: message && errors[field] ? [SUMMARY_ID] : [],
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
  });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signup-title">
        <header className={styles.header}>
          <h1 id="signup-title" className={styles.title}>
            Sign Up
          </h1>
          <p className={styles.lead}>Create an account to follow your orders and keep your cart on every device.</p>
        </header>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={message ? SUMMARY_ID : undefined}>
          {message && (
            <p id={SUMMARY_ID} role="alert" className={styles.alert}>
              {message}
            </p>
          )}
          <TextField id="signup-fullName" name="fullName" label="Full Name" autoComplete="name" {...fieldProps('fullName')} />
          <TextField id="signup-email" name="email" label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
          <TextField
            id="signup-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            revealable
            hint={`At least ${LIMITS.minPasswordLength} characters.`}
            {...fieldProps('password')}
          />
          <TextField
            id="signup-confirmPassword"
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            revealable
            {...fieldProps('confirmPassword')}
          />
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy}>
            {busy && (
              <span aria-hidden="true">
                <Spinner />
              </span>
            )}
            {busy ? 'Creating your account…' : 'Sign Up'}
          </button>
        </form>
        <p className={styles.footer}>
          Already have an account?{' '}
          <Link to="/signin" search={redirectTo ? { redirect: redirectTo } : {}} className={styles.footerLink}>
            Sign In
          </Link>
        </p>
      </section>
    </div>
  );
}
