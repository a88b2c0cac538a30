import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { MESSAGES } from '@/shared/messages';
import { loginSchema } from '@/shared/schemas/auth';
import type { LoginAnswer } from '@/shared/types';
import { PasswordField, TextField } from '../../components/text-field';
import { usePageTitle } from '../../lib/head';
import { apiCall, http } from '../../lib/http';
import { completeSignIn } from '../../stores/account';
import { AuthForm } from './auth-form';
import { failureMessage } from './form-errors';
import { safeRedirect } from './redirect';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['email', 'password'] as const;

/**
 * /signin: email and password, POST /api/login, then the welcome toast and the guest cart merged
 * (completeSignIn). Afterwards: back to `redirectTo` when it is a path on this site, else admins to
 * /admin and everybody else to /.
 */
export function SignInPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(SHOP_TEXTS.signIn);
  const navigate = useNavigate();
  const form = useAuthForm('signin', FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const data = form.validate(event, loginSchema, () => MESSAGES.signInMissing);
    if (!data) return;
    let answer: LoginAnswer;
    try {
      answer = await apiCall(() => http.post('login', { json: data }).json<LoginAnswer>(), MESSAGES.signInFailed);
    } catch (error) {
      form.showErrors({}, failureMessage(error, MESSAGES.signInFailed, AUTH_TEXTS.signInNetwork));
      return;
    }
    await completeSignIn(answer);
    const target = safeRedirect(redirectTo);
    if (target) await navigate({ href: target, replace: true });
    // The admin area is its own part of the app: a full load there.
    else if (answer.data.role === 'admin') window.location.assign('/admin');
    else await navigate({ to: '/', replace: true });
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
    </AuthForm>
  );
}
