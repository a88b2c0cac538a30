import { useWatch } from 'react-hook-form';
import { card } from '@/client/components/primitives.css';
import type { PaymentMethod } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { CheckoutFormApi } from '../hooks/use-checkout-form';
import * as styles from './checkout-form.css';
import { WalletFields } from './wallet-fields';

const METHODS: { method: PaymentMethod; slug: string; hint: string }[] = [
  { method: 'Mobile Money', slug: 'momo', hint: 'Pay now from your MoMo wallet: you approve the payment on your phone.' },
  { method: 'Cash on Delivery', slug: 'cod', hint: 'Pay in cash when your order arrives.' },
];

/** 'Payment method': Mobile Money (where the shop takes it) or Cash on Delivery; Mobile Money asks for the wallet. */
export function PaymentMethods({ form, mobileMoney, sandbox }: { form: CheckoutFormApi; mobileMoney: boolean; sandbox: boolean }) {
  const chosen = useWatch({ control: form.control, name: 'paymentMethod' });
  const methods = mobileMoney ? METHODS : METHODS.filter((m) => m.method !== 'Mobile Money');
  return (
    <>
      <div className={card}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Payment method</legend>
          {!mobileMoney && <p className={styles.methodsNote}>{PAGE_MESSAGES.cashOnDeliveryOnly}</p>}
          <div className={styles.methods}>
            {methods.map(({ method, slug, hint }) => (
              <label key={method} className={styles.method}>
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  className={styles.radio}
                  checked={chosen === method}
                  onChange={() => form.setValue('paymentMethod', method)}
                  aria-labelledby={`checkout-method-${slug}`}
                  aria-describedby={`checkout-method-${slug}-hint`}
                />
                <span className={styles.methodText}>
                  <span id={`checkout-method-${slug}`} className={styles.methodName}>
                    {method}
                  </span>
                  <span id={`checkout-method-${slug}-hint`} className={styles.methodHint}>
                    {hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {mobileMoney && chosen === 'Mobile Money' && (
        <div className={card}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Mobile Money wallet</legend>
            <WalletFields idPrefix="checkout-momo" sandbox={sandbox} {...form.walletProps} />
          </fieldset>
        </div>
      )}
    </>
  );
}
