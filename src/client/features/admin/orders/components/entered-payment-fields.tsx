import { useController } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { MOMO_NETWORKS, type MomoNetwork } from '@/shared/momo';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { EnteredOrderPayment } from '@/shared/schemas/orders';
import type { AppliedPromo } from '../hooks/use-entered-order-form';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import type { EnteredControl } from './entered-buyer-fields';
import { EnteredChoiceCards } from './entered-choice-cards';

interface EnteredPaymentFieldsProps {
  control: EnteredControl;
  mobileMoney: boolean;
  promo: AppliedPromo | null;
  checkingPromo: boolean;
  onApplyPromo(): void;
  onDropPromo(): void;
}

/** How the order is paid: a promo code, then cash, a Mobile Money prompt to a wallet, or a payment link (where the shop takes Mobile Money). */
export function EnteredPaymentFields({ control, mobileMoney, ...promo }: EnteredPaymentFieldsProps) {
  const payments: EnteredOrderPayment[] = mobileMoney ? ['cash', 'momo_prompt', 'momo_link'] : ['cash'];
  const { field, fieldState } = useController({ control, name: 'payment' });
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.paymentLegend}</legend>
        <PromoRow control={control} {...promo} />
        <EnteredChoiceCards field={field} name="payment" choices={payments.map((payment) => ({ value: payment, ...T.payments[payment] }))} />
        {fieldState.error && <p className={styles.error}>{fieldState.error.message}</p>}
        {field.value === 'momo_prompt' && (
          <div className={styles.fields}>
            <FormTextField
              control={control}
              name="momoPhone"
              id="entered-momoPhone"
              label={T.walletLabel}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              hint={T.walletHint}
            />
            <NetworkSelect control={control} />
          </div>
        )}
      </fieldset>
    </div>
  );
}

/** The promo code being typed with its Apply, or the code applied with its Remove. */
function PromoRow({ control, promo, checkingPromo, onApplyPromo, onDropPromo }: Omit<EnteredPaymentFieldsProps, 'mobileMoney'>) {
  return (
    <div className={styles.promoRow}>
      {promo ? (
        <p className={styles.note}>
          {PAGE_MESSAGES.promoAppliedTo(promo.code, promo.percent)}{' '}
          <button type="button" className={button({ tone: 'quiet' })} onClick={onDropPromo}>
            {T.promoRemove}
          </button>
        </p>
      ) : (
        <>
          <div className={styles.promoInput}>
            <FormTextField control={control} name="promoCode" id="entered-promoCode" label={T.promoLabel} autoComplete="off" optional />
          </div>
          <button type="button" className={button({ tone: 'quiet' })} onClick={onApplyPromo} disabled={checkingPromo} aria-busy={checkingPromo || undefined}>
            {checkingPromo && <Busy />}
            {T.promoApply}
          </button>
        </>
      )}
    </div>
  );
}

/** The wallet's network, guessed from its number until the admin picks one. */
function NetworkSelect({ control }: { control: EnteredControl }) {
  const { field, fieldState } = useController({ control, name: 'momoNetwork' });
  const error = fieldState.error?.message;
  const id = 'entered-momoNetwork';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {T.networkLabel}
      </label>
      <select
        ref={field.ref}
        id={id}
        name="momoNetwork"
        className={styles.select}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value as MomoNetwork | '')}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{T.networkPlaceholder}</option>
        {MOMO_NETWORKS.map((n) => (
          <option key={n.code} value={n.code}>
            {n.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
