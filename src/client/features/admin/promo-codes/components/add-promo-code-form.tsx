import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type Ref, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { FieldNotes } from '@/client/components/field-notes';
import { formAlert } from '@/client/components/primitives.css';
import * as fieldStyles from '@/client/components/text-field.css';
import { toApiFailure } from '@/client/lib/http';
import { createPromoCodeMutation } from '../api/create-promo-code';
import { fieldErrorsOfFailure, type PromoErrors, readNewPromoCode } from '../lib/promo-input';
import { type LimitField, type LimitValues, NO_LIMITS } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import * as styles from './promo-codes.css';
import { PromoLimitFields } from './promo-limit-fields';

const FORM_ID = 'add-promo-code';

/**
 * 'Code' and 'Discount (%)', the optional limits (first and last day, max uses, one per customer) and
 * 'Add code'. A refused field is marked and focused (checked here with
 * the server's rules first); a saved code is toasted with the server's message, and the list it
 * answered is the one the page shows (api/create-promo-code.ts).
 */
export function AddPromoCodeForm() {
  const create = useMutation(createPromoCodeMutation());
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('');
  const [limits, setLimits] = useState<LimitValues>(NO_LIMITS);
  const [errors, setErrors] = useState<PromoErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const percentInput = useRef<HTMLInputElement>(null);
  const limitInputs = {
    startsAt: useRef<HTMLInputElement>(null),
    endsAt: useRef<HTMLInputElement>(null),
    maxUses: useRef<HTMLInputElement>(null),
    onePerCustomer: useRef<HTMLInputElement>(null),
  };

  /** Marks the refused fields and focuses the first, in the form's order. */
  const refuse = (found: PromoErrors) => {
    setErrors(found);
    const inputs = { code: codeInput, percent: percentInput, ...limitInputs };
    const first = (Object.keys(inputs) as (keyof typeof inputs)[]).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const changeLimit = (field: LimitField, value: string | boolean) => {
    setLimits((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setMessage(null);
    const read = readNewPromoCode({ code, percent, limits });
    if (!read.ok) {
      refuse(read.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await create.mutateAsync(read.value);
      toast.success(answer.message);
      setCode('');
      setPercent('');
      setLimits(NO_LIMITS);
      codeInput.current?.focus();
    } catch (error) {
      const failure = await toApiFailure(error, PROMO_TEXTS.saveFailed);
      const found = fieldErrorsOfFailure(failure);
      // A refused field shows the server's reason under it; anything else is the form's message.
      if (Object.values(found).some(Boolean)) refuse(found);
      else setMessage(failure.message);
    } finally {
      setSaving(false);
    }
  };

  /** What ties a field to the form: its id, value, change (which clears its error), error and element. */
  const bind = (name: 'code' | 'percent', value: string, setValue: (value: string) => void, inputRef: Ref<HTMLInputElement>) => ({
    id: `${FORM_ID}-${name}`,
    value,
    onChange: (next: string) => {
      setValue(next);
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: errors[name],
    inputRef,
  });

  const summaryId = `${FORM_ID}-message`;
  return (
    <form className={styles.addForm} onSubmit={(event) => void submit(event)} noValidate aria-describedby={message ? summaryId : undefined}>
      {message && (
        <p id={summaryId} role="alert" className={`${formAlert} ${styles.formMessage}`}>
          {message}
        </p>
      )}
      <Field
        label="Code"
        hint="3 to 40 letters or digits, e.g. SAVE10. Saved in capitals."
        autoCapitalize="characters"
        maxLength={40}
        {...bind('code', code, setCode, codeInput)}
      />
      <Field
        label="Discount (%)"
        hint="A whole number from 1 to 100."
        inputMode="numeric"
        maxLength={3}
        {...bind('percent', percent, setPercent, percentInput)}
      />
      <PromoLimitFields
        id={`${FORM_ID}-limits`}
        legend={PROMO_TEXTS.limitsLegend}
        values={limits}
        errors={errors}
        onChange={changeLimit}
        inputRefs={limitInputs}
      />
      <button type="submit" className={`${button({ tone: 'primary' })} ${styles.addButton}`} disabled={saving}>
        {saving && <Busy />}
        Add code
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  inputMode?: 'numeric';
  autoCapitalize?: 'characters';
  maxLength: number;
}

/** A labelled input with its hint and error tied to it (the shared TextField has no numeric keypad). */
function Field({ id, label, hint, value, onChange, error, inputRef, inputMode, autoCapitalize, maxLength }: FieldProps) {
  const described = [...(error ? [`${id}-error`] : []), `${id}-hint`].join(' ');
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        className={fieldStyles.input}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
