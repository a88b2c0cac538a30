import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import type { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { PromoCode } from '@/shared/admin-types';
import { readResolver } from '../../lib/read-resolver';
import { fieldErrorsOfFailure } from '../lib/promo-input';
import { type LimitChanges, type LimitField, type LimitValues, limitValuesOf, readLimits } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import type { RowAction } from './promo-actions';
import * as styles from './promo-codes.css';
import { PromoLimitFields } from './promo-limit-fields';

const LIMIT_FIELDS: readonly LimitField[] = ['startsAt', 'endsAt', 'maxUses', 'onePerCustomer'];

interface PromoLimitsEditorProps {
  promo: PromoCode;
  busy: RowAction | null;
  /** Answers the failure, if any. */
  onSave(changes: LimitChanges): Promise<ApiFailure | null>;
  onClose(): void;
}

/**
 * A code's limits edited under its row, from the limits as they are when it opens: only what changed
 * is sent (nothing changed: said, and closed); a refused limit is marked under its field and focused.
 */
export function PromoLimitsEditor({ promo, busy, onSave, onClose }: PromoLimitsEditorProps) {
  const initial = limitValuesOf(promo);
  const form = useForm<LimitValues, unknown, LimitChanges>({
    defaultValues: initial,
    resolver: readResolver((values: LimitValues) => readLimits(values, initial)),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const inputs = {
    startsAt: useRef<HTMLInputElement>(null),
    endsAt: useRef<HTMLInputElement>(null),
    maxUses: useRef<HTMLInputElement>(null),
    onePerCustomer: useRef<HTMLInputElement>(null),
  };
  /** Marks the refused limits and focuses the first. */
  const focusFirst = (found: Partial<Record<LimitField, unknown>>) => {
    const first = LIMIT_FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const submit = form.handleSubmit(async (changes) => {
    if (busy) return;
    if (Object.keys(changes).length === 0) {
      toast(PROMO_TEXTS.noChange);
      return onClose();
    }
    const failure = await onSave(changes);
    if (!failure) return onClose();
    const refused = fieldErrorsOfFailure(failure);
    const limits = LIMIT_FIELDS.filter((field) => refused[field]);
    if (limits.length === 0) return void toast.error(failure.message);
    for (const field of limits) form.setError(field, { type: 'server', message: refused[field] });
    focusFirst(refused);
  }, focusFirst);

  return (
    <form className={styles.editorForm} onSubmit={submit} noValidate>
      <PromoLimitFields
        id={`promo-${promo.code}-limits`}
        legend={PROMO_TEXTS.limitsLegendFor(promo.code)}
        values={form.watch()}
        errors={{
          startsAt: errors.startsAt?.message,
          endsAt: errors.endsAt?.message,
          maxUses: errors.maxUses?.message,
          onePerCustomer: errors.onePerCustomer?.message,
        }}
        onChange={(field, value) => {
          form.setValue(field, value);
          form.clearErrors(field);
        }}
        inputRefs={inputs}
        readOnly={busy !== null}
      />
      <div className={styles.editorActions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy !== null}>
          {busy === 'limits' && <Busy />}
          {PROMO_TEXTS.saveLimits}
        </button>
        <button type="button" className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={onClose}>
          {PROMO_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
