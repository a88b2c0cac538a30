import { Link } from '@tanstack/react-router';
import { backLink } from '@/client/components/primitives.css';
import { usePageTitle } from '@/client/lib/head';
import { useEnterOrder } from '../hooks/use-enter-order';
import { useEnteredOrderForm } from '../hooks/use-entered-order-form';
import { usePromoCheck } from '../hooks/use-promo-check';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import { EnteredAddressFields } from './entered-address-fields';
import { EnteredBuyerFields } from './entered-buyer-fields';
import { EnteredOrderSummary } from './entered-order-summary';
import { EnteredPaymentFields } from './entered-payment-fields';
import { EnteredStatusChoice } from './entered-status-choice';
import { OrderLinesPicker } from './order-lines-picker';
import * as page from './orders.css';

/**
 * /admin/orders/new: an order the shop takes by phone or WhatsApp. Products from the catalogue with
 * their quantities, the customer and address, the delivery option (the shop's that serve the
 * address, priced as at the checkout), an optional promo code and the payment: cash on delivery, a
 * Mobile Money prompt to a wallet, or a payment link by SMS; and how it starts (Processing: the
 * owner has just confirmed it, unless they choose Pending). Checked with the shared schema before
 * it is sent (lib/entered-order.ts), sent once per attempt (hooks/use-enter-order.ts).
 */
export function EnterOrderPage() {
  usePageTitle(`${T.title} - Admin`);
  const promo = usePromoCheck();
  const { form, formRef, focusField, lines, totals, deliveryLoading, mobileMoney, lineActions } = useEnteredOrderForm(promo.promo);
  const { send, refused, sending, alert } = useEnterOrder({ form, lines, totals, focusField, dropPromo: promo.drop });
  const { control, formState } = form;

  return (
    <div className={page.page}>
      <Link to="/admin/orders" className={backLink}>
        ← Back to Orders
      </Link>
      <h1 className={page.title}>{T.title}</h1>
      <p className={styles.note}>{T.intro}</p>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}

      <form ref={formRef} id="enter-order" className={styles.layout} onSubmit={form.handleSubmit(send, refused)} noValidate aria-label={T.title}>
        <div className={styles.form}>
          <OrderLinesPicker lines={lines} {...lineActions} error={formState.errors.lines?.message} />
          <EnteredBuyerFields control={control} />
          <EnteredAddressFields control={control} totals={totals} deliveryLoading={deliveryLoading} />
          <EnteredPaymentFields
            control={control}
            mobileMoney={mobileMoney}
            promo={promo.promo}
            checkingPromo={promo.checking}
            onApplyPromo={() => promo.apply(form, totals.subtotal, focusField)}
            onDropPromo={promo.drop}
          />
          <EnteredStatusChoice control={control} />
        </div>
        <EnteredOrderSummary lines={lines} totals={totals} promoCode={promo.promo?.code ?? null} sending={sending} />
      </form>
    </div>
  );
}
