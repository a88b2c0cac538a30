import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { MESSAGES } from '@/shared/messages';
import { loginSchema } from '@/shared/schemas/auth';
import type { LoginAnswer } from '@/shared/types';
import { PasswordField, TextField } from '../../components/text-field';
import { usePageTitle } from '../../lib/head';
import { login } from './api/login';
import * as styles from './auth.css';
import { AuthForm } from './auth-form';
import { failureMessage } from './form-errors';
import { useResetWays } from './reset-ways';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';
import { useFinishSignIn } from './use-finish-sign-in';

const FIELDS = ['email', 'password'] as const;

/**
 * /signin: email and password, POST /api/login, then the welcome toast and the guest cart merged
 * (completeSignIn). Afterwards: back to `redirectTo` when it is a path on this site, else admins to
 * /admin and everybody else to /. 'Forgot password?' only where the shop can send a reset: with
 * neither e-mail nor SMS set up the page is the spec's.
 */
export function SignInPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(SHOP_TEXTS.signIn);
  const finishSignIn = useFinishSignIn(redirectTo);
  const form = useAuthForm('signin', FIELDS);
  const ways = useResetWays();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const data = form.validate(event, loginSchema, () => MESSAGES.signInMissing);
    if (!data) return;
    let answer: LoginAnswer;
    try {
      answer = await login(data);
    } catch (error) {
      form.showErrors({}, failureMessage(error, MESSAGES.signInFailed, AUTH_TEXTS.signInNetwork));
      return;
    }
    await finishSignIn(answer);
  };

  return (
    <AuthForm
      form={form}
      title={SHOP_TEXTS.signIn}
      lead="Welcome back. Sign in to see your orders and keep your cart on every device."
      busyLabel="Signing in…"
      onSubmit={onSubmit}
      footer={{ text: 'New to Nkuto Naturals?', to: '/signup', label: SHOP_TEXTS.signUp }}
      redirectTo={redirectTo}
    >
      <TextField id="signin-email" name="email" label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
      <PasswordField id="signin-password" name="password" label="Password" autoComplete="current-password" {...form.fieldProps('password')} />
      {(ways?.email || ways?.sms) && (
        <Link to="/forgot-password" search={redirectTo ? { redirect: redirectTo } : {}} className={styles.forgotLink}>
          {AUTH_TEXTS.forgotLink}
        </Link>
      )}
    </AuthForm>
  );
}
