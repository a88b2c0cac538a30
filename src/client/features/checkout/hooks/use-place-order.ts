import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES } from '../../../../shared/messages';
import type { OrderAnswer } from '../../../../shared/types';
import { createGuestOrder } from '../../../lib/api/create-guest-order';
import { createOrder, type OrderDetails } from '../../../lib/api/create-order';
import { type CartItem, useCart } from '../../../stores/cart';
import { cartFingerprint, type PendingPayment, useCheckout } from '../../../stores/checkout';
import { useOutbox } from '../../../stores/outbox';
import { useSession } from '../../../stores/session';
import { cartTotals, isValidCartLine } from '../lib/cart-lines';
import { asFailure } from '../lib/failure';
import { openPaymentTab } from '../lib/payment-tab';
import { ORDER_TOAST_MS, QUEUED_TOAST_MS } from '../lib/timing';
import type { BillingValues, CheckoutFormApi } from './use-checkout-form';
import type { PaymentFlow } from './use-payment-flow';

interface PlaceOrderOptions {
  form: CheckoutFormApi;
  flow: PaymentFlow;
  /** A cash-on-delivery order is made: the page confirms it. */
  onPlaced(orderId: string): void;
}

/**
 * 'Place order': validate, then create the order once. The attempt's idempotency key goes with it
 * and survives a failure, so a retry after a lost answer gets the same order. Mobile Money opens its
 * tab in the tap's own handler (browsers block pop-ups opened later), then the order is created and
 * its payment started; it needs a connection. A Cash-on-Delivery order made with no connection, or
 * whose answer never came, waits in the outbox with its key and is sent when the network returns.
 */
export function usePlaceOrder({ form, flow, onPlaced }: PlaceOrderOptions) {
  const [placing, setPlacing] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // Set in the same task as the tap: a second tap before React re-renders sends nothing.
  const inFlight = useRef(false);

  const place = async (values: BillingValues, items: CartItem[], tab: Window | null) => {
    const session = useSession.getState().session;
    const checkout = useCheckout.getState();
    const key = checkout.attemptKey(cartFingerprint(items));
    const promoCode = checkout.promo?.code;
    const details: OrderDetails = { ...values, ...(promoCode ? { promoCode } : {}) };

    const cashOnDelivery = values.paymentMethod === 'Cash on Delivery';
    const queue = () => {
      useOutbox.getState().queueOrder({ key, userId: session?.userId ?? null, details, items });
      useCheckout.getState().finishAttempt();
      useCart.getState().reset();
      toast(MESSAGES.orderQueued, { id: 'order-queued', duration: QUEUED_TOAST_MS });
    };
    if (cashOnDelivery && !navigator.onLine) return queue();

    let answer: OrderAnswer;
    try {
      answer = session
        ? await createOrder(details, key)
        : await createGuestOrder({ ...details, cart: items.map((i) => ({ productId: i.productId, quantity: String(i.quantity) })) }, key);
    } catch (error) {
      const failure = asFailure(error, session ? MESSAGES.orderFailed : MESSAGES.guestOrderFailed);
      // No answer: the order may exist or not; the outbox sends it again with the same key until it knows.
      if (cashOnDelivery && failure.status === 0) return queue();
      tab?.close();
      setAlert(failure.message);
      toast.error(failure.message);
      if (failure.errors) {
        form.showErrors(failure.errors);
        // The code stopped working since it was applied: the summary must not keep its discount.
        if (failure.errors.some((e) => e.path[0] === 'promoCode')) useCheckout.getState().setPromo(null);
      }
      // Stock ran short: the server cart shows what is left.
      if (session && failure.status === 409) void useCart.getState().load();
      return;
    }

    const { order, orderToken } = answer;
    useCheckout.getState().finishAttempt();
    if (orderToken) useCheckout.getState().rememberOrderToken(order._id, orderToken);

    // The order's own method decides: a replayed key answers the order the key first made. A Mobile
    // Money order that is already paid (a ₵0 total, all of it discounted) has nothing to pay: like cash.
    if (order.paymentMethod.paymentMethod !== 'Mobile Money' || order.paymentStatus === 'Paid') {
      tab?.close();
      toast.success(MESSAGES.orderPlaced, { duration: ORDER_TOAST_MS });
      useCart.getState().reset();
      onPlaced(order._id);
      return;
    }

    const payment: PendingPayment = {
      orderId: order._id,
      orderNumber: order.orderNumber,
      amount: order.total,
      email: order.email,
      reference: null,
      paymentLink: null,
      startedAt: order.createdAt,
      userId: session?.userId ?? null,
      items: order.items.map((i) => ({ productId: i.product._id, quantity: i.quantity, name: i.product.name })),
      state: 'awaiting',
    };
    useCheckout.getState().startPayment(payment);
    // The order emptied a customer's server cart; a guest's cart stays until the payment succeeds.
    if (session) useCart.getState().reset();
    await flow.initialize(payment, tab);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const values = form.validate();
    if (!values) return;
    const items = useCart.getState().items;
    if (items.length === 0) {
      toast.error(MESSAGES.cartEmpty);
      return;
    }
    if (!items.every(isValidCartLine)) {
      toast.error(MESSAGES.invalidCartItems);
      return;
    }
    if (values.paymentMethod === 'Mobile Money' && !navigator.onLine) {
      setAlert(MESSAGES.mobileMoneyNeedsConnection);
      toast.error(MESSAGES.mobileMoneyNeedsConnection, { id: 'momo-offline' });
      return;
    }
    inFlight.current = true;
    // Nothing to pay (a 100 % promo): no payment page, so no tab. The server still decides; without a
    // tab a payment it does start opens in this window.
    const nothingToPay = cartTotals(items, useCheckout.getState().promo).total === 0;
    const tab = values.paymentMethod === 'Mobile Money' && !nothingToPay ? openPaymentTab() : null;
    setPlacing(true);
    setAlert(null);
    void place(values, items, tab).finally(() => {
      inFlight.current = false;
      setPlacing(false);
    });
  };

  return { placing, alert, onSubmit };
}
