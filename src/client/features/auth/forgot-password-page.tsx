import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { localPhone } from '@/client/lib/phone';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { LIMITS } from '@/shared/constants';
import { type Contact, forgotPasswordSchema, resetByCodeSchema } from '@/shared/schemas/auth';
import type { ForgotPasswordAnswer } from '@/shared/types';
import { FormTextField } from '../../components/form-text-field';
import { usePageTitle } from '../../lib/head';
import { ApiFailure } from '../../lib/http';
import { forgotPassword } from './api/forgot-password';
import { resetPassword } from './api/reset-password';
import * as styles from './auth.css';
import { AuthCard, AuthForm } from './auth-form';
import { failureMessage, fieldErrors } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { contactFieldOf, type ResetWays, useResetWays } from './reset-ways';
import { AUTH_TEXTS } from './texts';
import { useAuthForm } from './use-auth-form';
import { useFinishSignIn } from './use-finish-sign-in';

/** One form through both steps: the contact, then (after an SMS) the code and the new password. */
const FIELDS = ['contact', 'code', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Where the page is: asking where to send the reset, or (a code went by SMS) taking the code. The
 * phone stays in this state, never in the address, where it would reach the history and the logs.
 */
type Step = { kind: 'ask' } | { kind: 'code'; contact: string };

const firstError = (errors: Partial<Record<Field, string>>) => FIELDS.map((f) => errors[f]).find((m) => m !== undefined) ?? null;

/** The server's own field errors of a refusal, when it named fields. */
const serverErrors = (error: unknown) => (error instanceof ApiFailure && error.errors ? fieldErrors(error.errors, FIELDS) : {});

/** What to say to the shopper about a failed call: the server's words, or that it could not be reached. */
const failureText = (error: unknown) => failureMessage(error, AUTH_TEXTS.resetNetwork, AUTH_TEXTS.resetNetwork);

function askTexts(ways: ResetWays) {
  if (ways.email && !ways.sms)
    return { lead: 'Enter the email of your account. We will send it a link to choose a new password.', submit: 'Send link', another: 'Use another email' };
  if (ways.sms && !ways.email)
    return {
      lead: 'Enter the phone number of your account. We will send it a code by SMS to choose a new password.',
      submit: 'Send code',
      another: 'Use another phone number',
    };
  return {
    lead: 'Enter the email or phone number of your account. We will send a link by email, or a code by SMS, to choose a new password.',
    submit: 'Send',
    another: 'Use another email or phone',
  };
}

/**
 * /forgot-password: where to send a reset (the label says what the shop can send: its settings'
 * `passwordReset`), POST /api/forgotPassword, and the server's answer, the same words whether or not
 * an account uses it. An e-mail gets a link (/reset-password); a phone gets a code by SMS, taken here
 * with the new password (POST /api/resetPassword), which signs this device in.
 */
export function ForgotPasswordPage({ redirectTo }: { redirectTo?: string }) {
  const ways = useResetWays();
  // Unknown settings (offline with no copy): both offered, and the server refuses what it cannot send.
  const offered = ways ?? { email: true, sms: true };
  if (!offered.email && !offered.sms) return <ResetUnavailable redirectTo={redirectTo} />;
  return <ForgotPasswordForm ways={offered} redirectTo={redirectTo} />;
}

function ForgotPasswordForm({ ways, redirectTo }: { ways: ResetWays; redirectTo?: string }) {
  const form = useAuthForm('forgot', FIELDS);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [status, setStatus] = useState<{ text: string; seq: number } | null>(null);
  const texts = askTexts(ways);
  const title = step.kind === 'code' ? AUTH_TEXTS.newPasswordTitle : AUTH_TEXTS.forgotTitle;
  usePageTitle(title);
  useFocusOnNewStep(step.kind, form.focus);

  const say = (text: string) => setStatus((s) => ({ text, seq: (s?.seq ?? 0) + 1 }));
  const calls = useResetCalls({ form, ways, redirectTo, say, toCode: (contact) => setStep({ kind: 'code', contact }) });

  const startOver = () => {
    form.settle();
    setStatus(null);
    setStep({ kind: 'ask' });
  };

  const card = {
    form,
    title,
    busyLabel: 'Sending…',
    status,
    redirectTo,
    footer: { text: 'Remembered your password?', to: '/signin', label: SHOP_TEXTS.signIn } as const,
  };

  if (step.kind === 'ask') {
    const field = contactFieldOf(ways);
    return (
      <AuthForm {...card} busy={calls.ask.isPending} lead={texts.lead} submitLabel={texts.submit} onSubmit={calls.onAsk}>
        <FormTextField id="forgot-contact" label={field.label} type={field.type} autoComplete={field.autoComplete} {...form.fieldProps('contact')} />
      </AuthForm>
    );
  }

  const code = form.fieldProps('code');
  return (
    <AuthForm
      {...card}
      busy={calls.reset.isPending}
      lead={`Enter the ${LIMITS.resetCodeDigits}-digit code from the SMS and choose a new password.`}
      submitLabel={AUTH_TEXTS.savePassword}
      busyLabel={AUTH_TEXTS.savingPassword}
      onSubmit={calls.onReset(step.contact)}
      after={
        <div className={styles.moreActions}>
          <button
            type="button"
            className={button({ tone: 'quiet' })}
            disabled={calls.resend.isPending}
            aria-busy={calls.resend.isPending || undefined}
            onClick={() => {
              if (!calls.resend.isPending && !calls.reset.isPending) calls.resend.mutate(step.contact);
            }}
          >
            {calls.resend.isPending && <Busy />}
            Send a new code
          </button>
          <button type="button" className={button({ tone: 'quiet' })} onClick={startOver}>
            {texts.another}
          </button>
        </div>
      }
    >
      <p className={styles.sentTo}>
        Phone number: <strong>{localPhone(step.contact)}</strong>
      </p>
      <FormTextField
        id="forgot-code"
        label="Code from the SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...code}
        // The answer above says where the code went and how long it works.
        describedBy={[`${form.id}-status`]}
      />
      <NewPasswordFields idPrefix="forgot" fieldProps={form.fieldProps} labels={{ password: AUTH_TEXTS.newPassword, confirm: AUTH_TEXTS.confirmNewPassword }} />
    </AuthForm>
  );
}

/** A new step starts at its first field (the code, or the contact again); the page's first view leaves the focus where the browser put it. */
function useFocusOnNewStep(kind: Step['kind'], focus: (field: Field) => void) {
  const shownStep = useRef(kind);
  useEffect(() => {
    if (shownStep.current === kind) return;
    shownStep.current = kind;
    focus(kind === 'code' ? 'code' : 'contact');
  }, [kind, focus]);
}

/** The page's three calls: ask for a reset, reset with the SMS code, send a new code. */
function useResetCalls({
  form,
  ways,
  redirectTo,
  say,
  toCode,
}: {
  form: ReturnType<typeof useAuthForm<Field>>;
  ways: ResetWays;
  redirectTo?: string;
  say(text: string): void;
  toCode(contact: string): void;
}) {
  const finishSignIn = useFinishSignIn(redirectTo);

  const ask = useMutation({
    // The address as the schema reads it (lower-case e-mail, +233 phone): the code's reset names the same.
    mutationFn: (contact: Contact) => forgotPassword(contact.address),
    onSuccess: (answer: ForgotPasswordAnswer, contact) => {
      form.settle();
      say(answer.message);
      if (answer.channel === 'sms') toCode(contact.address);
    },
    onError: (error, contact) => {
      const text = failureText(error);
      // Enough codes went to this number already, and the newest one still works: on to the code.
      if (contact.channel === 'sms' && text === ACCOUNT_TEXTS.resetAlreadySent('sms')) {
        form.settle();
        say(text);
        toCode(contact.address);
        return;
      }
      form.showErrors(serverErrors(error), text);
    },
  });

  const reset = useMutation({
    mutationFn: async (data: { contact: string; code: string; password: string; confirmPassword: string }) => {
      const answer = await resetPassword({ contact: data.contact, code: data.code, password: data.password, confirmPassword: data.confirmPassword });
      await finishSignIn(answer, answer.message);
    },
    onError: (error) => {
      const message = failureText(error);
      // A wrong or spent code: the code field is where to look.
      const found = message === ACCOUNT_TEXTS.resetCodeWrong ? { code: message } : serverErrors(error);
      form.showErrors(found, message);
    },
  });

  const resend = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (answer) => {
      say(answer.message);
      form.settle();
    },
    onError: (error) => form.showErrors({}, failureText(error)),
  });

  const onAsk = form.submitWith(forgotPasswordSchema, firstError, ({ contact }) => {
    if (!(contact.channel === 'email' ? ways.email : ways.sms)) {
      form.showErrors({ contact: ACCOUNT_TEXTS.resetByUnavailable }, ACCOUNT_TEXTS.resetByUnavailable);
      return;
    }
    if (!ask.isPending) ask.mutate(contact);
  });

  const onReset = (contact: string) =>
    form.submitWith(resetByCodeSchema, firstError, (data) => {
      if (!reset.isPending) reset.mutate({ contact, code: data.code, password: data.password, confirmPassword: data.confirmPassword });
    });

  return { ask, reset, resend, onAsk, onReset };
}

/**
 * The shop can send neither (no SMS gateway, no mail server): nothing to ask for here, and nothing
 * promised that cannot come. The shop itself can help: its phone and WhatsApp from the settings,
 * or the contact page when it has given neither.
 */
function ResetUnavailable({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(AUTH_TEXTS.forgotTitle);
  const settings = useShopSettings();
  const phone = settings?.phone.replace(/[^\d+]/g, '') ?? '';
  const whatsapp = whatsappNumber(settings);
  const greeting = `Hello ${settings?.shopName || DEFAULT_SHOP_NAME}, I forgot the password of my account.`;
  return (
    <AuthCard
      id="forgot"
      title={AUTH_TEXTS.forgotTitle}
      lead={AUTH_TEXTS.resetUnavailable}
      redirectTo={redirectTo}
      footer={{ text: 'Remembered your password?', to: '/signin', label: SHOP_TEXTS.signIn }}
    >
      <div className={styles.form}>
        {phone && (
          <a href={`tel:${phone}`} className={button({ tone: 'primary', block: true })}>
            Call {settings?.phone}
          </a>
        )}
        {whatsapp && (
          <a
            href={`https://wa.me/${whatsapp}?text=${encodeURIComponent(greeting)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={button({ tone: phone ? 'quiet' : 'primary', block: true })}
          >
            Message us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {!phone && !whatsapp && (
          <Link to="/contact" className={button({ tone: 'primary', block: true })}>
            Contact the shop
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
