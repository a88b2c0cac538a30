import { useController } from 'react-hook-form';
import { radioOf } from '@/client/components/form-radio';
import { DELIVERY_TEXTS, deliveryFeeFor } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import type { EnteredTotals } from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import type { EnteredControl } from './entered-buyer-fields';

/** An option's fee for these goods as the page shows it. */
export const feeText = (fee: number) => (fee === 0 ? DELIVERY_TEXTS.free : formatCedis(fee));

interface EnteredDeliveryChoicesProps {
  control: EnteredControl;
  totals: EnteredTotals;
  loading: boolean;
}

/** The shop's options serving the address, each with its fee for these goods; none defined: nothing. */
export function EnteredDeliveryChoices({ control, totals, loading }: EnteredDeliveryChoicesProps) {
  const { field, fieldState } = useController({ control, name: 'deliveryOptionId' });
  const { delivery: status, choices, goods } = totals;
  const value = totals.chosen?._id ?? '';
  const error = fieldState.error?.message;
  if (status === 'none' || (status === 'unknown' && !loading)) return null;
  const errorId = 'entered-delivery-error';
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>{T.deliveryLegend}</legend>
      {status === 'unknown' && (
        <p role="status" className={styles.note}>
          {T.loadingDelivery}
        </p>
      )}
      {status === 'locate' && <p className={styles.note}>{T.locateFirst}</p>}
      {status === 'noneFits' && <p className={styles.note}>{DELIVERY_TEXTS.noOptionFits}</p>}
      {(status === 'choose' || status === 'chosen') && (
        <div className={styles.choices}>
          {choices.map((option, index) => {
            const fee = deliveryFeeFor(option, goods);
            const facts = [option.feePaidWith === 'rider' && fee > 0 ? T.paidToRider : '', option.eta, option.pickup ? T.pickup : '']
              .filter(Boolean)
              .join(' · ');
            const id = `entered-delivery-${option._id}`;
            return (
              <label key={option._id} className={styles.choice}>
                <input
                  {...radioOf({ ...field, value }, option._id, index)}
                  name="deliveryOption"
                  className={styles.radio}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={[`${id}-fee`, facts ? `${id}-facts` : '', error ? errorId : ''].filter(Boolean).join(' ')}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceHead}>
                    <span id={`${id}-name`}>{option.name}</span>
                    <span id={`${id}-fee`}>{feeText(fee)}</span>
                  </span>
                  {facts && (
                    <span id={`${id}-facts`} className={styles.choiceHint}>
                      {facts}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
