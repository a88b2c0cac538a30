import { Suspense, useLayoutEffect, useRef } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { useMobileMoneyOffered, useTestPayments } from '@/client/lib/queries/settings';
import { useCheckout } from '@/client/stores/checkout';
import { type Session, useSession } from '@/client/stores/session';
import { detectMomoNetwork } from '@/shared/momo';
import * as page from '../checkout-page.css';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useDelivery } from '../hooks/use-delivery';
import { useLastOrderPrefill } from '../hooks/use-last-order-prefill';
import { usePlaceOrder } from '../hooks/use-place-order';
import type { PhoneCheck } from '../lib/phone-check';
import { BillingFields } from './billing-fields';
import * as styles from './checkout-form.css';
import { DeliveryOptions } from './delivery-options';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';

const FORM_ID = 'checkout-form';
const ALERT_ID = 'checkout-form-alert';

/** The submit button's name: the end-to-end suite finds it by this text. */
const PLACE_ORDER = 'Place order';

/** An empty wallet number takes the billing phone, with the network its prefix belongs to. */
function prefillWallet(): void {
  const checkout = useCheckout.getState();
  const { phone, momoPhone } = checkout.form;
  if (momoPhone !== '' || phone === '') return;
  checkout.setField('momoPhone', phone);
  const found = detectMomoNetwork(phone);
  if (found) checkout.setField('momoNetwork', found);
}

/**
 * What the checkout fills in before the first paint, into the persisted store (the form follows it):
 * only empty fields, as what the shopper typed (and the store kept) wins.
 */
function usePrefills(session: Session | null, mobileMoney: boolean): void {
  const chosen = useCheckout((s) => s.form.paymentMethod);
  useLastOrderPrefill(session !== null);
  useLayoutEffect(() => {
    if (session) useCheckout.getState().prefill({ fullName: session.fullName, email: session.email });
  }, [session]);
  // Mobile Money chosen (now, or kept from the last visit): the wallet starts as the billing phone,
  // since most shoppers pay from the number they give.
  useLayoutEffect(() => {
    if (chosen === 'Mobile Money') prefillWallet();
  }, [chosen]);
  // A shop without Mobile Money: a form kept from before (or from another shop visit) falls back to cash.
  useLayoutEffect(() => {
    if (!mobileMoney && chosen === 'Mobile Money') useCheckout.getState().setField('paymentMethod', 'Cash on Delivery');
  }, [mobileMoney, chosen]);
}

interface PlaceOrderAreaProps {
  placing: boolean;
  alert: string | null;
  /** The server's words when it wants the phone confirmed, with the check to show (if the page has one). */
  phoneNeeded: string | null;
  PhoneCheck: PhoneCheck | undefined;
}

/** Place order, outside the form element (for the layout) and tied to it by `form`, with what stops it. */
function PlaceOrderArea({ placing, alert, phoneNeeded, PhoneCheck }: PlaceOrderAreaProps) {
  const placeButton = useRef<HTMLButtonElement>(null);
  const phone = useCheckout((s) => s.form.phone);
  return (
    <div className={page.actionsArea}>
      {phoneNeeded !== null && PhoneCheck !== undefined && (
        // The check loads when first needed; meanwhile the server's words show.
        <Suspense
          fallback={
            <p role="alert" className={styles.alert}>
              {phoneNeeded}
            </p>
          }
        >
          <PhoneCheck phone={phone} message={phoneNeeded} onConfirmed={() => placeButton.current?.focus()} />
        </Suspense>
      )}
      {alert && (
        <p id={ALERT_ID} role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <button
        ref={placeButton}
        type="submit"
        form={FORM_ID}
        className={button({ tone: 'primary', block: true })}
        disabled={placing}
        aria-busy={placing || undefined}
      >
        {placing && <Busy />}
        {PLACE_ORDER}
      </button>
    </div>
  );
}

/**
 * The checkout proper: billing details with the delivery address, the delivery option (where the
 * shop has options) and the payment method (kept in the persisted store), the order summary with the
 * promo box, and Place order. A customer's name and e-mail are filled in from the session, their
 * phone and address from their newest order.
 */
export function CheckoutForm({ onPlaced, PhoneCheck }: { onPlaced(orderId: string): void; PhoneCheck?: PhoneCheck }) {
  const session = useSession((s) => s.session);
  const delivery = useDelivery();
  const mobileMoney = useMobileMoneyOffered();
  const sandbox = useTestPayments();
  const form = useCheckoutForm({ mobileMoney, delivery });
  const { placing, alert, phoneNeeded, place } = usePlaceOrder({ form, delivery, onPlaced });
  // The server wants the phone confirmed first; the check shows (without it, the server's words do).
  const phoneCheck = phoneNeeded !== null && PhoneCheck !== undefined;
  const shownAlert = alert ?? (phoneNeeded !== null && !phoneCheck ? phoneNeeded : null);
  usePrefills(session, mobileMoney);

  return (
    <div className={page.layout}>
      <form
        id={FORM_ID}
        className={`${page.formArea} ${styles.form}`}
        onSubmit={form.handleSubmit(place)}
        noValidate
        aria-describedby={shownAlert ? ALERT_ID : undefined}
      >
        <BillingFields form={form} delivery={delivery} />
        <DeliveryOptions delivery={delivery} {...form.optionProps} />
        <PaymentMethods form={form} mobileMoney={mobileMoney} sandbox={sandbox} />
      </form>

      <div className={page.summaryArea}>
        <OrderSummary delivery={delivery} />
      </div>

      <PlaceOrderArea placing={placing} alert={shownAlert} phoneNeeded={phoneNeeded} PhoneCheck={PhoneCheck} />
    </div>
  );
}
