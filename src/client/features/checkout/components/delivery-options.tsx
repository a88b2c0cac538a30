import type { ReactNode } from 'react';
import { card } from '@/client/components/primitives.css';
import { Skeleton } from '@/client/components/skeleton';
import { DELIVERY_TEXTS, type DeliveryOption, deliveryFeeFor } from '@/shared/delivery';
import { CHECKOUT_DELIVERY_TEXTS, type DeliveryState, feeText, optionFacts } from '../lib/delivery';
import * as form from './checkout-form.css';
import * as styles from './delivery.css';

interface DeliveryOptionsProps {
  delivery: DeliveryState & { loading: boolean };
  value: string;
  onChange(id: string): void;
  error?: string;
  firstRef?: (el: HTMLInputElement | null) => void;
}

/**
 * 'Delivery': the shop's options that serve the region and city, each with its fee (or Free, by the
 * free-from rule on the goods after the discount), who is paid and its time; one must be chosen.
 * None serving the address: the shop calls about delivery, and the order is still taken. Nothing
 * where the shop has no options (the spec's checkout), or while its options are unknown offline.
 */
export function DeliveryOptions({ delivery, value, onChange, error, firstRef }: DeliveryOptionsProps) {
  const { status, choices, goods, loading } = delivery;
  if (status === 'none' || (status === 'unknown' && !loading)) return null;
  const errorId = 'checkout-delivery-error';

  let content: ReactNode;
  if (status === 'unknown') {
    content = (
      <div role="status" className={styles.status}>
        {CHECKOUT_DELIVERY_TEXTS.loading}
        <Skeleton height={44} />
      </div>
    );
  } else if (status === 'locate') content = <p className={styles.note}>{CHECKOUT_DELIVERY_TEXTS.locateFirst}</p>;
  else if (status === 'noneFits') content = <p className={styles.note}>{DELIVERY_TEXTS.noOptionFits}</p>;
  else {
    content = (
      <div className={styles.options}>
        {choices.map((option, index) => (
          <OptionRadio
            key={option._id}
            option={option}
            goods={goods}
            checked={value === option._id}
            onChange={() => onChange(option._id)}
            describedBy={error ? errorId : undefined}
            inputRef={index === 0 ? firstRef : undefined}
          />
        ))}
      </div>
    );
  }

  return (
    // A card around the fieldset, as the form's others: a fieldset's own border would cut through its legend.
    <div className={card}>
      <fieldset className={form.fieldset} aria-describedby={error ? errorId : undefined}>
        <legend className={form.legend}>{CHECKOUT_DELIVERY_TEXTS.legend}</legend>
        {content}
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}

interface OptionRadioProps {
  option: DeliveryOption;
  goods: number;
  checked: boolean;
  onChange(): void;
  describedBy?: string;
  inputRef?: (el: HTMLInputElement | null) => void;
}

/** One option: the whole card is its radio's tap target; the radio is named by the option, described by its fee and time. */
export function OptionRadio({ option, goods, checked, onChange, describedBy, inputRef, name = 'deliveryOption' }: OptionRadioProps & { name?: string }) {
  const id = `${name}-${option._id}`;
  const facts = optionFacts(option, goods);
  return (
    <label className={form.method}>
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={option._id}
        className={form.radio}
        checked={checked}
        onChange={onChange}
        aria-labelledby={`${id}-name`}
        aria-describedby={[`${id}-fee`, facts ? `${id}-facts` : '', describedBy].filter(Boolean).join(' ')}
      />
      <span className={form.methodText}>
        <span className={styles.optionHead}>
          <span id={`${id}-name`} className={form.methodName}>
            {option.name}
          </span>
          <span id={`${id}-fee`} className={styles.optionFee}>
            {feeText(deliveryFeeFor(option, goods))}
          </span>
        </span>
        {facts && (
          <span id={`${id}-facts`} className={form.methodHint}>
            {facts}
          </span>
        )}
      </span>
    </label>
  );
}
