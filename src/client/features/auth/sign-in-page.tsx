import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type LoginInput, loginSchema } from '@/shared/schemas/auth';
import { FormTextField } from '../../components/form-text-field';
import { usePageTitle } from '../../lib/head';
import { ApiFailure } from '../../lib/http';
import { login } from './api/login';
import * as styles from './auth.css';
import { AuthForm } from './auth-form';
import { failureMessage } from './form-errors';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';
import { useFinishSignIn } from './use-finish-sign-in';

const FIELDS = ['email', 'password'] as const;

/**
 * /signin: email and password, POST /api/login, then the welcome toast and the guest cart merged
 * (completeSignIn). Afterwards: back to `redirectTo` when it is a path on this site, else admins to
 * /admin and everybody else to /. 'Forgot password?' is always there, under the password, and
 * stands out as a button once the shop has refused the e-mail and password (a 401): /forgot-password
 * says what the shop can do, a reset or its phone and WhatsApp when it can send none.
 */
export function SignInPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(SHOP_TEXTS.signIn);
  const finishSignIn = useFinishSignIn(redirectTo);
  const form = useAuthForm('signin', FIELDS);

  // Pending until the sign-in is finished (the cart merged), so the button stays busy throughout.
  const signIn = useMutation({
    mutationFn: async (data: LoginInput) => {
      await finishSignIn(await login(data));
    },
    onError: (error) => form.showErrors({}, failureMessage(error, PAGE_MESSAGES.signInFailed, AUTH_TEXTS.signInNetwork)),
  });
  // The shop refused the password (not the network, not too many tries): the way back in is what helps now.
  const refused = signIn.error instanceof ApiFailure && signIn.error.status === 401 && !signIn.isPending;

  const onSubmit = form.submitWith(
    loginSchema,
    () => PAGE_MESSAGES.signInMissing,
    (data) => {
      if (!signIn.isPending) signIn.mutate(data);
    },
  );

  return (
    <AuthForm
      form={form}
      busy={signIn.isPending}
      title={SHOP_TEXTS.signIn}
      lead="Welcome back. Sign in to see your orders and keep your cart on every device."
      busyLabel="Signing in…"
      onSubmit={onSubmit}
      footer={{ text: 'New to Nkuto Naturals?', to: '/signup', label: SHOP_TEXTS.signUp }}
      redirectTo={redirectTo}
    >
      <FormTextField id="signin-email" label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
      <FormTextField password id="signin-password" label="Password" autoComplete="current-password" {...form.fieldProps('password')} />
      <Link
        to="/forgot-password"
        search={redirectTo ? { redirect: redirectTo } : {}}
        className={refused ? button({ tone: 'quiet', block: true }) : styles.forgotLink}
        data-prominent={refused || undefined}
      >
        {AUTH_TEXTS.forgotLink}
      </Link>
    </AuthForm>
  );
}
