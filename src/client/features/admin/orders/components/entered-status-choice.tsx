import { useController, useWatch } from 'react-hook-form';
import { ENTERED_ORDER_STATUSES, ENTERED_ORDER_TEXTS } from '@/shared/schemas/orders';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import type { EnteredControl } from './entered-buyer-fields';
import { EnteredChoiceCards } from './entered-choice-cards';

/**
 * How the recorded order starts. Cash: Processing (the owner has just confirmed it on the phone), or
 * Pending when it is still to confirm. Mobile Money waits for its payment as Pending, said in a line.
 */
export function EnteredStatusChoice({ control }: { control: EnteredControl }) {
  const payment = useWatch({ control, name: 'payment' });
  const { field, fieldState } = useController({ control, name: 'orderStatus' });
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.statusLegend}</legend>
        {payment === 'cash' ? (
          <EnteredChoiceCards field={field} name="orderStatus" choices={ENTERED_ORDER_STATUSES.map((status) => ({ value: status, ...T.statuses[status] }))} />
        ) : (
          <p className={styles.note}>{ENTERED_ORDER_TEXTS.momoStartsPending}</p>
        )}
        {fieldState.error && <p className={styles.error}>{fieldState.error.message}</p>}
      </fieldset>
    </div>
  );
}
