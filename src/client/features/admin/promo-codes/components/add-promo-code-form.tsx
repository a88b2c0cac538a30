import { useMutation } from '@tanstack/react-query';
import { type Ref, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FieldNotes } from '@/client/components/field-notes';
import { formAlert } from '@/client/components/primitives.css';
import * as fieldStyles from '@/client/components/text-field.css';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { readResolver } from '../../lib/read-resolver';
import { createPromoCodeMutation } from '../api/create-promo-code';
import { fieldErrorsOfFailure, type NewPromoCode, readNewPromoCode } from '../lib/promo-input';
import { type LimitValues, NO_LIMITS } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import * as styles from './promo-codes.css';
import { PromoLimitFields } from './promo-limit-fields';

const FORM_ID = 'add-promo-code';

type AddValues = { code: string; percent: string } & LimitValues;
const EMPTY: AddValues = { code: '', percent: '', ...NO_LIMITS };
const FIELD_ORDER = ['code', 'percent', 'startsAt', 'endsAt', 'maxUses', 'onePerCustomer'] as const;
const resolver = readResolver(({ code, percent, ...limits }: AddValues) => readNewPromoCode({ code, percent, limits }));

/**
 * 'Code' and 'Discount (%)', the optional limits (first and last day, max uses, one per customer) and
 * 'Add code'. A refused field is marked and focused (checked here with
 * the server's rules first); a saved code is toasted with the server's message, and the list it
 * answered is the one the page shows (api/create-promo-code.ts).
 */
export function AddPromoCodeForm() {
  const create = useMutation(createPromoCodeMutation());
  const form = useForm<AddValues, unknown, NewPromoCode>({ defaultValues: EMPTY, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { errors } = form.formState;
  // A failure that is no field's is the form's message.
  const message = create.error && !Object.values(fieldErrorsOfFailure(create.error)).some(Boolean) ? create.error.message : null;
  const inputs = {
    code: useRef<HTMLInputElement>(null),
    percent: useRef<HTMLInputElement>(null),
    startsAt: useRef<HTMLInputElement>(null),
    endsAt: useRef<HTMLInputElement>(null),
    maxUses: useRef<HTMLInputElement>(null),
    onePerCustomer: useRef<HTMLInputElement>(null),
  };
  const errorOf = (field: (typeof FIELD_ORDER)[number]) => errors[field]?.message;

  /** Marks the refused fields and focuses the first, in the form's order. */
  const focusFirst = (found: Partial<Record<(typeof FIELD_ORDER)[number], unknown>>) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };
  const change = (field: keyof AddValues, value: string | boolean) => {
    form.setValue(field, value);
    form.clearErrors(field);
  };

  const submit = form.handleSubmit(
    async (input) => {
      if (create.isPending) return;
      try {
        const answer = await create.mutateAsync(input);
        toast.success(answer.message);
        form.reset(EMPTY);
        inputs.code.current?.focus();
      } catch (error) {
        const failure = await toApiFailure(error, PROMO_TEXTS.saveFailed);
        const found = fieldErrorsOfFailure(failure);
        // A refused field shows the server's reason under it; anything else is the form's message.
        if (!Object.values(found).some(Boolean)) return;
        for (const [field, text] of Object.entries(found) as [keyof AddValues, string][]) form.setError(field, { type: 'server', message: text });
        focusFirst(found);
      }
    },
    (found) => {
      create.reset();
      focusFirst(found);
    },
  );

  const values = form.watch();
  const bind = (name: 'code' | 'percent') => ({
    id: `${FORM_ID}-${name}`,
    value: values[name],
    onChange: (next: string) => change(name, next),
    error: errorOf(name),
    inputRef: inputs[name],
  });

  const summaryId = `${FORM_ID}-message`;
  return (
    <form className={styles.addForm} onSubmit={submit} noValidate aria-describedby={message ? summaryId : undefined}>
      {message && (
        <p id={summaryId} role="alert" className={`${formAlert} ${styles.formMessage}`}>
          {message}
        </p>
      )}
      <Field label="Code" hint="3 to 40 letters or digits, e.g. SAVE10. Saved in capitals." autoCapitalize="characters" maxLength={40} {...bind('code')} />
      <Field label="Discount (%)" hint="A whole number from 1 to 100." inputMode="numeric" maxLength={3} {...bind('percent')} />
      <PromoLimitFields
        id={`${FORM_ID}-limits`}
        legend={PROMO_TEXTS.limitsLegend}
        values={values}
        errors={{ startsAt: errorOf('startsAt'), endsAt: errorOf('endsAt'), maxUses: errorOf('maxUses'), onePerCustomer: errorOf('onePerCustomer') }}
        onChange={change}
        inputRefs={inputs}
      />
      <button type="submit" className={`${button({ tone: 'primary' })} ${styles.addButton}`} disabled={create.isPending}>
        {create.isPending && <Busy />}
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
