import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { toast } from '@/client/lib/toast';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type SignUpInput, signUpSchema } from '@/shared/schemas/auth';
import { FormTextField } from '../../components/form-text-field';
import { usePageTitle } from '../../lib/head';
import { ApiFailure, apiCall, http } from '../../lib/http';
import { login } from './api/login';
import { AuthForm } from './auth-form';
import { failureMessage, fieldErrors } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';
import { useFinishSignIn } from './use-finish-sign-in';

const FIELDS = ['fullName', 'email', 'phone', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The spec's order: every field filled in, then matching passwords, then the length. */
const PRIORITY: string[] = [PAGE_MESSAGES.signUpMissing, PAGE_MESSAGES.passwordsDiffer, PAGE_MESSAGES.passwordTooShort];

function summaryOf(errors: Partial<Record<Field, string>>): string | null {
  const found = FIELDS.map((f) => errors[f]).filter((m): m is string => m !== undefined);
  return PRIORITY.find((m) => found.includes(m)) ?? found[0] ?? null;
}

/** The server's refusal as field errors: those it named, and a phone another account has. */
function serverErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiFailure)) return {};
  if (error.errors) return fieldErrors(error.errors, FIELDS);
  return error.message === ACCOUNT_TEXTS.phoneTaken ? { phone: error.message } : {};
}

/**
 * /signup: full name, email, an optional phone (a reset by SMS), password (8+ characters)
 * and its confirmation; POST /api/addUser, then the new customer is signed in as the sign-in form
 * does (POST /api/login with the same e-mail and password; 'Registration successful!' is its toast)
 * and lands where a sign-in lands: `redirectTo`, else /. Should that sign-in fail (the connection
 * dropped in between), the account exists: on to /signin, keeping `redirectTo` (docs/decisions.md).
 */
export function SignUpPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(SHOP_TEXTS.signUp);
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn(redirectTo);
  const form = useAuthForm('signup', FIELDS);

  // Pending until the new customer is signed in (the cart merged), so the button stays busy throughout.
  const signUp = useMutation({
    mutationFn: async (data: SignUpInput) => {
      await apiCall(() => http.post('addUser', { json: data }).json(), AUTH_TEXTS.signUpFailed);
      const answer = await login({ email: data.email, password: data.password }).catch(() => null);
      if (answer) return finishSignIn(answer, PAGE_MESSAGES.registered);
      toast.success(PAGE_MESSAGES.registered);
      await navigate({ to: '/signin', search: redirectTo ? { redirect: redirectTo } : {} });
    },
    onError: (error) => form.showErrors(serverErrors(error), failureMessage(error, AUTH_TEXTS.signUpFailed, AUTH_TEXTS.signUpNetwork)),
  });

  const onSubmit = form.submitWith(signUpSchema, summaryOf, (data) => {
    if (!signUp.isPending) signUp.mutate(data);
  });

  return (
    <AuthForm
      form={form}
      busy={signUp.isPending}
      title={SHOP_TEXTS.signUp}
      lead="Create an account to follow your orders and keep your cart on every device."
      busyLabel="Creating your account…"
      onSubmit={onSubmit}
      footer={{ text: 'Already have an account?', to: '/signin', label: SHOP_TEXTS.signIn }}
      redirectTo={redirectTo}
    >
      <FormTextField id="signup-fullName" label="Full Name" autoComplete="name" {...form.fieldProps('fullName')} />
      <FormTextField id="signup-email" label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
      <FormTextField
        id="signup-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        optional
        hint={AUTH_TEXTS.phoneHint}
        {...form.fieldProps('phone')}
      />
      <NewPasswordFields idPrefix="signup" fieldProps={form.fieldProps} labels={{ password: 'Password', confirm: 'Confirm Password' }} />
    </AuthForm>
  );
}
