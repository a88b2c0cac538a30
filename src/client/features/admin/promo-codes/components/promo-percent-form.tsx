import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import * as fieldStyles from '@/client/components/text-field.css';
import type { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { PromoCode } from '@/shared/admin-types';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { readResolver } from '../../lib/read-resolver';
import { fieldErrorsOfFailure, readPercent } from '../lib/promo-input';
import type { RowAction } from './promo-actions';
import * as styles from './promo-codes.css';

const resolver = readResolver(({ percent }: { percent: string }) => {
  const read = readPercent(percent);
  return read.ok ? read : { ok: false, errors: { percent: read.errors.percent ?? PAGE_MESSAGES.promoPercentInvalid } };
});

interface PromoPercentFormProps {
  promo: PromoCode;
  busy: RowAction | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Answers the failure, if any. */
  onSave(percent: number): Promise<ApiFailure | null>;
}

/** A code's percent edited in place: checked with the server's rules, saved, or refused under it. */
export function PromoPercentForm({ promo, busy, inputRef, onSave }: PromoPercentFormProps) {
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{ percent: string }, unknown, number>({
    defaultValues: { percent: String(promo.percent) },
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = formState.errors.percent?.message;
  const base = `promo-${promo.code}`;
  const errorId = `${base}-percent-error`;
  const refuse = (message: string) => {
    setError('percent', { type: 'server', message });
    inputRef.current?.focus();
  };
  const submit = handleSubmit(
    async (percent) => {
      if (busy) return;
      const failure = await onSave(percent);
      if (!failure) return;
      const refused = fieldErrorsOfFailure(failure).percent;
      if (refused) refuse(refused);
      else toast.error(failure.message);
    },
    (errors) => {
      if (errors.percent) inputRef.current?.focus();
    },
  );
  const field = register('percent', { onChange: () => clearErrors('percent') });

  return (
    <>
      <form className={styles.percentForm} onSubmit={submit} noValidate>
        <label htmlFor={`${base}-percent`} className="visually-hidden">
          Discount (%) for {promo.code}
        </label>
        <input
          {...field}
          ref={(el) => {
            field.ref(el);
            inputRef.current = el;
          }}
          id={`${base}-percent`}
          className={`${fieldStyles.input} ${styles.percentInput}`}
          type="text"
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={busy !== null}
        />
        <span aria-hidden="true">%</span>
        <button type="submit" className={button({ tone: 'quiet' })} disabled={busy !== null}>
          {busy === 'percent' && <Busy />}
          Save
        </button>
      </form>
      {error && (
        <p id={errorId} className={`${fieldStyles.fieldError} ${styles.rowError}`}>
          {error}
        </p>
      )}
    </>
  );
}
