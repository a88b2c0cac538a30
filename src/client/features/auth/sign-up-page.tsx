import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { MESSAGES } from '@/shared/messages';
import { signUpSchema } from '@/shared/schemas/auth';
import { TextField } from '../../components/text-field';
import { usePageTitle } from '../../lib/head';
import { ApiFailure, apiCall, http } from '../../lib/http';
import { AuthForm } from './auth-form';
import { failureMessage, fieldErrors } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['fullName', 'email', 'phone', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The spec's order: every field filled in, then matching passwords, then the length. */
const PRIORITY: string[] = [MESSAGES.signUpMissing, MESSAGES.passwordsDiffer, MESSAGES.passwordTooShort];

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
 * /signup: full name, email, an optional phone (issue 27: a reset by SMS), password (8+ characters)
 * and its confirmation; POST /api/addUser, then 'Registration successful!' and on to /signin (keeping
 * `redirectTo` for after the sign-in).
 */
export function SignUpPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(SHOP_TEXTS.signUp);
  const navigate = useNavigate();
  const form = useAuthForm('signup', FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const data = form.validate(event, signUpSchema, summaryOf);
    if (!data) return;
    try {
      await apiCall(() => http.post('addUser', { json: data }).json(), AUTH_TEXTS.signUpFailed);
    } catch (error) {
      const text = failureMessage(error, AUTH_TEXTS.signUpFailed, AUTH_TEXTS.signUpNetwork);
      form.showErrors(serverErrors(error), text);
      return;
    }
    toast.success(MESSAGES.registered);
    await navigate({ to: '/signin', search: redirectTo ? { redirect: redirectTo } : {} });
  };

  return (
    <AuthForm
      form={form}
      title={SHOP_TEXTS.signUp}
      lead="Create an account to follow your orders and keep your cart on every device."
      busyLabel="Creating your account…"
      onSubmit={onSubmit}
      footer={{ text: 'Already have an account?', to: '/signin', label: SHOP_TEXTS.signIn }}
      redirectTo={redirectTo}
    >
      <TextField id="signup-fullName" name="fullName" label="Full Name" autoComplete="name" {...form.fieldProps('fullName')} />
      <TextField id="signup-email" name="email" label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
      <TextField
        id="signup-phone"
        name="phone"
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
