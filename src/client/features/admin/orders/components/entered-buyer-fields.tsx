import type { Control } from 'react-hook-form';
import { FormTextField } from '@/client/components/form-text-field';
import type { EnteredOrderInput } from '@/shared/schemas/orders';
import type { EnteredOrderContext, EnteredOrderValues } from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';

export type EnteredControl = Control<EnteredOrderValues, EnteredOrderContext, EnteredOrderInput>;

/** Who the order is for: name, phone (the wallet follows it) and an optional e-mail. */
export function EnteredBuyerFields({ control }: { control: EnteredControl }) {
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.customerLegend}</legend>
        <div className={styles.fields}>
          <FormTextField control={control} name="fullName" id="entered-fullName" label="Full name" autoComplete="off" />
          <FormTextField control={control} name="phone" id="entered-phone" label="Phone" type="tel" inputMode="tel" autoComplete="off" />
          <div className={styles.wide}>
            <FormTextField
              control={control}
              name="email"
              id="entered-email"
              label="E-mail (optional)"
              type="email"
              inputMode="email"
              autoComplete="off"
              optional
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}
