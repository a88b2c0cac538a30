import type { Ref } from 'react';
import { FieldNotes } from '@/client/components/field-notes';
import * as fieldStyles from '@/client/components/text-field.css';
import type { LimitErrors, LimitField, LimitValues } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import * as styles from './promo-codes.css';

interface PromoLimitFieldsProps {
  /** Prefix of the fields' ids (one set per form on the page). */
  id: string;
  /** Names the fieldset: 'Limits (optional)' on the add form, 'Limits for SAVE10' in a row. */
  legend: string;
  values: LimitValues;
  errors: LimitErrors;
  onChange(field: LimitField, value: string | boolean): void;
  /** The first refused field gets the focus through these. */
  inputRefs?: Partial<Record<LimitField, Ref<HTMLInputElement>>>;
  /** While a save is out: kept, not disabled, so a refused field can take the focus the moment the answer comes. */
  readOnly?: boolean;
}

/**
 * A code's limits: the first and last day it works (Accra time), how many uses in all, and one use per
 * customer. Date fields open the tablet's own picker; every control is labelled and at least 44 px tall.
 */
export function PromoLimitFields({ id, legend, values, errors, onChange, inputRefs = {}, readOnly }: PromoLimitFieldsProps) {
  const describedBy = (field: LimitField) => [...(errors[field] ? [`${id}-${field}-error`] : []), `${id}-${field}-hint`].join(' ');
  const input = (field: 'startsAt' | 'endsAt' | 'maxUses', label: string, hint: string, extra: { type: 'date' | 'text'; inputMode?: 'numeric' }) => (
    <div className={fieldStyles.field}>
      <label htmlFor={`${id}-${field}`} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={inputRefs[field]}
        id={`${id}-${field}`}
        name={field}
        className={fieldStyles.input}
        type={extra.type}
        inputMode={extra.inputMode}
        maxLength={extra.type === 'text' ? 7 : undefined}
        autoComplete="off"
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        readOnly={readOnly}
      />
      <FieldNotes id={`${id}-${field}`} hint={hint} error={errors[field]} />
    </div>
  );
  return (
    <fieldset className={styles.limits}>
      <legend className={styles.legend}>{legend}</legend>
      {input('startsAt', PROMO_TEXTS.startsLabel, PROMO_TEXTS.startsHint, { type: 'date' })}
      {input('endsAt', PROMO_TEXTS.endsLabel, PROMO_TEXTS.endsHint, { type: 'date' })}
      {input('maxUses', PROMO_TEXTS.maxUsesLabel, PROMO_TEXTS.maxUsesHint, { type: 'text', inputMode: 'numeric' })}
      <div className={fieldStyles.field}>
        <label className={styles.checkboxRow}>
          <input
            ref={inputRefs.onePerCustomer}
            type="checkbox"
            name="onePerCustomer"
            className={styles.checkbox}
            checked={values.onePerCustomer}
            onChange={(event) => {
              if (!readOnly) onChange('onePerCustomer', event.target.checked);
            }}
            aria-describedby={`${id}-onePerCustomer-hint`}
          />
          {PROMO_TEXTS.onePerCustomerLabel}
        </label>
        <FieldNotes id={`${id}-onePerCustomer`} hint={PROMO_TEXTS.onePerCustomerHint} error={errors.onePerCustomer} />
      </div>
    </fieldset>
  );
}
