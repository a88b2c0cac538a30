import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { button } from '@/client/components/button';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { LIMITS } from '@/shared/constants';
import { RESET_TOKEN, resetByLinkSchema } from '@/shared/schemas/auth';
import { usePageTitle } from '../../lib/head';
import { ApiFailure } from '../../lib/http';
import { resetPassword } from './api/reset-password';
import * as styles from './auth.css';
import { AuthCard, AuthForm } from './auth-form';
import { failureMessage, fieldErrors } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';
import { useFinishSignIn } from './use-finish-sign-in';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The link's token: not read yet (the server's page, the first render), usable, or not. */
type LinkState = { state: 'reading' } | { state: 'ready'; token: string } | { state: 'invalid'; message: string };

/** `#token=…` of an e-mailed link; null when it has none or not one of the right shape. */
function tokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && RESET_TOKEN.test(token) ? token : null;
}

const footer = { text: 'Remembered your password?', to: '/signin', label: SHOP_TEXTS.signIn } as const;

const firstError = (errors: Partial<Record<Field, string>>) => FIELDS.map((f) => errors[f]).find((m) => m !== undefined) ?? null;

/**
 * /reset-password#token=…: the page of an e-mailed reset link. The token travels in the fragment,
 * which browsers never send, so no server, proxy or log sees it; the page reads it here, then takes
 * it off the address bar (out of the history and of anything that copies the address) and keeps it
 * in its state. The new password twice, POST /api/resetPassword, and this device is signed in. A
 * missing or malformed token, or the server's refusal, says so with the way to a new link.
 */
export function ResetPasswordPage({ redirectTo }: { redirectTo?: string }) {
  const [link, setLink] = useState<LinkState>({ state: 'reading' });
  // Read once: React's development double effect would find the fragment already gone.
  const read = useRef<string | null | undefined>(undefined);

  // In an effect, not during render: the server renders this page without the fragment, and the
  // browser's first render must match it.
  useEffect(() => {
    if (read.current === undefined) {
      read.current = tokenOf(window.location.hash);
      if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    const token = read.current;
    setLink(token ? { state: 'ready', token } : { state: 'invalid', message: ACCOUNT_TEXTS.resetLinkInvalid });
  }, []);

  if (link.state === 'invalid') return <LinkNotValid message={link.message} redirectTo={redirectTo} />;
  return (
    <NewPasswordForm
      token={link.state === 'ready' ? link.token : null}
      redirectTo={redirectTo}
      onRefused={(message) => setLink({ state: 'invalid', message })}
    />
  );
}

function NewPasswordForm({ token, redirectTo, onRefused }: { token: string | null; redirectTo?: string; onRefused(message: string): void }) {
  usePageTitle(AUTH_TEXTS.newPasswordTitle);
  const form = useAuthForm('reset', FIELDS);
  const finishSignIn = useFinishSignIn(redirectTo);

  const reset = useMutation({
    mutationFn: async (data: { token: string; password: string; confirmPassword: string }) => {
      const answer = await resetPassword({ token: data.token, password: data.password, confirmPassword: data.confirmPassword });
      await finishSignIn(answer, answer.message);
    },
    onError: (error) => {
      const message = failureMessage(error, AUTH_TEXTS.resetNetwork, AUTH_TEXTS.resetNetwork);
      const found = error instanceof ApiFailure && error.errors ? fieldErrors(error.errors, FIELDS) : {};
      // A 400 about the link itself (used, run out, unknown): this link is done; a new one is the way on.
      if (error instanceof ApiFailure && error.status === 400 && firstError(found) === null) onRefused(message);
      else form.showErrors(found, message);
    },
  });

  // The token is read right after the first render; a submit before that has nothing to send.
  const withToken = z.pipe(
    z.transform((values: object) => ({ ...values, token })),
    resetByLinkSchema,
  );
  const submit = form.submitWith(withToken, firstError, (data) => {
    if (!reset.isPending) reset.mutate(data);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (token) return submit(event);
    event.preventDefault();
  };

  return (
    <AuthForm
      form={form}
      busy={reset.isPending}
      title={AUTH_TEXTS.newPasswordTitle}
      lead="Choose a new password for your account. Other devices signed in to it will be signed out."
      submitLabel={AUTH_TEXTS.savePassword}
      busyLabel={AUTH_TEXTS.savingPassword}
      onSubmit={onSubmit}
      footer={footer}
      redirectTo={redirectTo}
    >
      <NewPasswordFields idPrefix="reset" fieldProps={form.fieldProps} labels={{ password: AUTH_TEXTS.newPassword, confirm: AUTH_TEXTS.confirmNewPassword }} />
    </AuthForm>
  );
}

/** The link cannot be used (none, malformed, used or run out): the reason, and the way to a new one. */
function LinkNotValid({ message, redirectTo }: { message: string; redirectTo?: string }) {
  usePageTitle(AUTH_TEXTS.linkNotValid);
  return (
    <AuthCard
      id="reset"
      title={AUTH_TEXTS.linkNotValid}
      lead={`A reset link works once, for ${LIMITS.resetMinutes} minutes.`}
      footer={footer}
      redirectTo={redirectTo}
    >
      <p role="alert" className={styles.alert}>
        {message}
      </p>
      <Link to="/forgot-password" search={redirectTo ? { redirect: redirectTo } : {}} className={button({ tone: 'primary', block: true })}>
        {AUTH_TEXTS.askNewLink}
      </Link>
    </AuthCard>
  );
}
