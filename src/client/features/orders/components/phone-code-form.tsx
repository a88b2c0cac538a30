import { useEffect } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { LIMITS } from '@/shared/constants';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import * as styles from './phone-verification.css';

/** The field's name is the one phones look at to offer the code the SMS brought. */
const CODE = 'one-time-code';
type CodeForm = { [CODE]: string };

const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.phoneCodeDigits}}$`);

/**
 * The code as typed, its spaces dropped (`123 456`), read with the server's rule and words
 * (phoneCodeVerifySchema's `code`). The rule is written out here rather than imported: the schema's
 * module brings zod and the phone rules into a card most order pages never load.
 */
const resolver: Resolver<CodeForm, unknown, { code: string }> = (values): ResolverResult<CodeForm, { code: string }> => {
  const code = values[CODE].replace(/\s/g, '');
  const problem = code === '' ? VERIFICATION_TEXTS.codeRequired : CODE_PATTERN.test(code) ? null : VERIFICATION_TEXTS.codeFormat;
  if (!problem) return { values: { code }, errors: {} };
  return { values: {}, errors: { [CODE]: { type: 'validate', message: problem } } };
};

interface PhoneCodeFormProps {
  idPrefix: string;
  /** The live region with the server's words (or the form's), which describes the field. */
  noticeId: string;
  hasNotice: boolean;
  busy: boolean;
  /** Seconds before another code may be asked for (the server's `Retry-After`). */
  secondsLeft: number;
  /** Changes when the field is to take the focus (it appeared, or the code it was for was sent). */
  focus: number;
  /** The code typed is not one: the words to say in the live region. */
  onRefused(text: string): void;
  /** Sends the code; true when the server refused it as wrong. */
  onConfirm(code: string): Promise<boolean | undefined>;
  onResend(): void;
}

/**
 * The code sent by SMS (a phone's keyboard of digits, the code offered by its keyboard), Confirm, and
 * a new code (waiting out the seconds the server asked for). A refused code marks the field and
 * focuses it again; its words are the live region's, which describes the field.
 */
export function PhoneCodeForm({ idPrefix, noticeId, hasNotice, busy, secondsLeft, focus, onRefused, onConfirm, onResend }: PhoneCodeFormProps) {
  const form = useForm<CodeForm, unknown, { code: string }>({ defaultValues: { [CODE]: '' }, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { control, formState, setError, setFocus, clearErrors, watch, getFieldState } = form;

  useEffect(() => {
    if (focus > 0) setFocus(CODE);
  }, [focus, setFocus]);
  // Typing takes the mark away.
  useEffect(() => {
    const watching = watch((_values, { type }) => {
      if (type === 'change' && getFieldState(CODE).error) clearErrors(CODE);
    });
    return () => watching.unsubscribe();
  }, [watch, getFieldState, clearErrors]);

  /** Marked without words of its own: the live region has them. */
  const mark = () => {
    setError(CODE, { type: 'refused', message: '' });
    setFocus(CODE);
  };
  const submit = form.handleSubmit(
    async ({ code }) => {
      if (await onConfirm(code)) mark();
    },
    (errors) => {
      onRefused(errors[CODE]?.message ?? VERIFICATION_TEXTS.codeFormat);
      mark();
    },
  );

  return (
    <form className={styles.codeForm} onSubmit={submit} noValidate>
      <FormTextField
        control={control}
        name={CODE}
        id={`${idPrefix}-code`}
        label={VERIFICATION_TEXTS.codeLabel}
        autoComplete="one-time-code"
        inputMode="numeric"
        invalid={formState.errors[CODE] !== undefined}
        describedBy={hasNotice ? [noticeId] : []}
      />
      <div className={styles.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Busy />}
          {VERIFICATION_TEXTS.confirmCode}
        </button>
        <button type="button" className={button({ tone: 'quiet' })} onClick={onResend} disabled={busy || secondsLeft > 0}>
          {secondsLeft > 0 ? VERIFICATION_TEXTS.sendCodeWait(secondsLeft) : VERIFICATION_TEXTS.sendCodeAgain}
        </button>
      </div>
    </form>
  );
}
