import { Suspense, useLayoutEffect, useRef } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { card } from '@/client/components/primitives.css';
import { RegionSelect } from '@/client/components/region-select';
import { TextField } from '@/client/components/text-field';
import { useMobileMoneyOffered, useTestPayments } from '@/client/lib/queries/settings';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { PaymentMethod } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { detectMomoNetwork } from '@/shared/momo';
import * as page from '../checkout-page.css';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useDelivery } from '../hooks/use-delivery';
import { useLastOrderPrefill } from '../hooks/use-last-order-prefill';
import { usePlaceOrder } from '../hooks/use-place-order';
import { CHECKOUT_DELIVERY_TEXTS } from '../lib/delivery';
import type { PhoneCheck } from '../lib/phone-check';
import * as styles from './checkout-form.css';
import { DeliveryOptions } from './delivery-options';
import { GpsAddressField } from './gps-address-field';
import { OrderSummary } from './order-summary';
import { WalletFields } from './wallet-fields';

const FORM_ID = 'checkout-form';

/** An empty wallet number takes the billing phone, with the network its prefix belongs to. */
function prefillWallet(): void {
  const checkout = useCheckout.getState();
  const { phone, momoPhone } = checkout.form;
  if (momoPhone !== '' || phone === '') return;
  checkout.setField('momoPhone', phone);
  const found = detectMomoNetwork(phone);
  if (found) checkout.setField('momoNetwork', found);
}
const ALERT_ID = 'checkout-form-alert';

/** The submit button's name: the end-to-end suite finds it by this text. */
const PLACE_ORDER = 'Place order';

const METHODS: { method: PaymentMethod; slug: string; hint: string }[] = [
  { method: 'Mobile Money', slug: 'momo', hint: 'Pay now from your MoMo wallet: you approve the payment on your phone.' },
  { method: 'Cash on Delivery', slug: 'cod', hint: 'Pay in cash when your order arrives.' },
];

/**
 * The checkout proper: billing details with the delivery address, the delivery option (where the
 * shop has options) and the payment method (kept in the persisted store), the order summary with the
 * promo box, and Place order. A customer's name and e-mail are filled in from the session, their
 * phone and address from their newest order.
 */
export function CheckoutForm({ onPlaced, PhoneCheck }: { onPlaced(orderId: string): void; PhoneCheck?: PhoneCheck }) {
  const session = useSession((s) => s.session);
  const form = useCheckoutForm();
  const delivery = useDelivery();
  const mobileMoney = useMobileMoneyOffered();
  const sandbox = useTestPayments();
  const { placing, alert, phoneNeeded, onSubmit } = usePlaceOrder({ form, mobileMoney, delivery, onPlaced });
  // The server wants the phone confirmed first; the check shows (without it, the server's words do).
  const phoneCheck = phoneNeeded !== null && PhoneCheck !== undefined;
  const shownAlert = alert ?? (phoneNeeded !== null && !phoneCheck ? phoneNeeded : null);
  const placeButton = useRef<HTMLButtonElement>(null);
  useLastOrderPrefill(session !== null);
  // A shop without delivery options asks no region; the GPS address and landmark show in every shop.
  const addressExtras = delivery.status !== 'none';
  const addressLabel = delivery.addressRequired ? 'Address' : CHECKOUT_DELIVERY_TEXTS.addressForPickup;
  const methods = mobileMoney ? METHODS : METHODS.filter((m) => m.method !== 'Mobile Money');
  const chosen = form.form.paymentMethod;

  // Before the first paint, so the fields never show empty first.
  useLayoutEffect(() => {
    // Only empty fields: what the shopper typed (and the store kept) wins.
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

  return (
    <div className={page.layout}>
      <form id={FORM_ID} className={`${page.formArea} ${styles.form}`} onSubmit={onSubmit} noValidate aria-describedby={shownAlert ? ALERT_ID : undefined}>
        {/* A card around each fieldset: a fieldset's own border would cut through its legend. */}
        <div className={card}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Billing details</legend>
            <div className={styles.fields}>
              <div className={styles.wide}>
                <TextField label="Full name" autoComplete="name" {...form.fieldProps('fullName')} />
              </div>
              <TextField label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
              <TextField label="Phone" type="tel" autoComplete="tel" hint="e.g. 024 123 4567 or +233 24 123 4567" {...form.fieldProps('phone')} />
              {addressExtras && <RegionSelect id="checkout-region" required={delivery.regionRequired} {...form.regionProps} />}
              <TextField label="City" autoComplete="address-level2" {...form.fieldProps('city')} />
              <div className={styles.wide}>
                <TextField label={addressLabel} autoComplete="street-address" optional={!delivery.addressRequired} {...form.fieldProps('address')} />
              </div>
              <GpsAddressField {...form.fieldProps('gpsAddress')} onLeave={form.normalizeGps} />
              <TextField
                label={CHECKOUT_DELIVERY_TEXTS.landmarkLabel}
                autoComplete="off"
                hint={CHECKOUT_DELIVERY_TEXTS.landmarkHint}
                optional
                {...form.fieldProps('landmark')}
              />
            </div>
          </fieldset>
        </div>

        <DeliveryOptions delivery={delivery} {...form.optionProps} />

        <div className={card}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Payment method</legend>
            {!mobileMoney && <p className={styles.methodsNote}>{MESSAGES.cashOnDeliveryOnly}</p>}
            <div className={styles.methods}>
              {methods.map(({ method, slug, hint }) => (
                <label key={method} className={styles.method}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    className={styles.radio}
                    checked={form.form.paymentMethod === method}
                    onChange={() => form.setField('paymentMethod', method)}
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
              <WalletFields
                idPrefix="checkout-momo"
                phone={form.form.momoPhone}
                network={form.form.momoNetwork}
                onPhone={(value) => form.setField('momoPhone', value)}
                onNetwork={(value) => form.setField('momoNetwork', value)}
                sandbox={sandbox}
                {...form.walletProps}
              />
            </fieldset>
          </div>
        )}
      </form>

      <div className={page.summaryArea}>
        <OrderSummary delivery={delivery} />
      </div>

      <div className={page.actionsArea}>
        {phoneCheck && (
          // The check loads when first needed; meanwhile the server's words show.
          <Suspense
            fallback={
              <p role="alert" className={styles.alert}>
                {phoneNeeded}
              </p>
            }
          >
            <PhoneCheck phone={form.form.phone} message={phoneNeeded} onConfirmed={() => placeButton.current?.focus()} />
          </Suspense>
        )}
        {shownAlert && (
          <p id={ALERT_ID} role="alert" className={styles.alert}>
            {shownAlert}
          </p>
        )}
        {/* Outside the form element (for the layout), tied to it by `form`. */}
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
    </div>
  );
}
