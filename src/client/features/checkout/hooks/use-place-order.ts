import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { createGuestOrder } from '@/client/lib/api/create-guest-order';
import { createOrder, type OrderDetails } from '@/client/lib/api/create-order';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { catalogueChanged } from '@/client/lib/query-client';
import { type CartItem, useCart } from '@/client/stores/cart';
import { cartFingerprint, type PendingPayment, useCheckout, type Wallet } from '@/client/stores/checkout';
import { type QueuedDelivery, useOutbox } from '@/client/stores/outbox';
import { phoneTokenHeaders } from '@/client/stores/phone-tokens';
import { useSession } from '@/client/stores/session';
import { type DeliveryChange, deliveryChoices } from '@/shared/delivery';
import { MESSAGES } from '@/shared/messages';
import type { OrderAnswer } from '@/shared/types';
import { isValidCartLine } from '../lib/cart-lines';
import type { DeliveryState } from '../lib/delivery';
import { asFailure } from '../lib/failure';
import { orderListsChanged } from '../lib/order-cache';
import { ORDER_TOAST_MS, QUEUED_TOAST_MS } from '../lib/timing';
import type { BillingValues, CheckoutFormApi } from './use-checkout-form';

interface PlaceOrderOptions {
  form: CheckoutFormApi;
  /** Whether the shop takes Mobile Money (the wallet is asked for only then). */
  mobileMoney: boolean;
  /** The delivery as the checkout shows it: the option chosen and its fee go with the order. */
  delivery: DeliveryState;
  /** A cash-on-delivery order is made: the page confirms it. */
  onPlaced(orderId: string): void;
}

/**
 * 'Place order': validate, then create the order once. The attempt's idempotency key goes with it
 * and survives a failure, so a retry after a lost answer gets the same order. A Mobile Money order
 * then waits for its charge, approved on the phone (the payment panel sends it); it needs a
 * connection. A Cash-on-Delivery order made with no connection, or
 * whose answer never came, waits in the outbox with its key and is sent when the network returns.
 * The delivery fee shown goes along: if the shop's options changed meanwhile, the server refuses the
 * order (409) with the options as they are now; the form then shows them, and the shopper places the
 * order again, under a new key, at the fee they now see. When the server wants the phone confirmed
 * first (issue 41: `errors` naming `phoneToken`), `phoneNeeded` holds its words for the form's phone
 * check; the shopper then places the order again, and the phone's token goes with it.
 */
export function usePlaceOrder({ form, mobileMoney, delivery, onPlaced }: PlaceOrderOptions) {
  const queryClient = useQueryClient();
  const [placing, setPlacing] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  /** Issue 41: the server's words asking for the phone to be confirmed first (the form then shows the phone check). */
  const [phoneNeeded, setPhoneNeeded] = useState<string | null>(null);
  // Set in the same task as the tap: a second tap before React re-renders sends nothing.
  const inFlight = useRef(false);

  /** The shop's delivery changed since the form showed it: show it as it is now, and place nothing. */
  const deliveryChanged = (message: string, change: DeliveryChange) => {
    queryClient.setQueryData(shopSettingsQuery().queryKey, (settings) => (settings ? { ...settings, delivery: change.options } : settings));
    // No copy of the settings to update (they never loaded): ask for them.
    if (!queryClient.getQueryData(shopSettingsQuery().queryKey)) void queryClient.invalidateQueries({ queryKey: shopSettingsQuery().queryKey });
    setAlert(message);
    toast.error(message);
    // The fee is priced on the server cart: the summary prices the same goods.
    if (useSession.getState().session) void useCart.getState().load();
    // The option is gone (or one must be chosen): nothing is chosen, and the first of the options
    // serving the address now gets the focus once it is shown.
    if (change.fee === null) {
      const { region, city } = useCheckout.getState().form;
      const first = deliveryChoices(change.options, region || undefined, city)[0];
      useCheckout.getState().setField('deliveryOptionId', '');
      if (first) form.showErrors([{ path: ['deliveryOptionId'], message }], first._id);
    }
  };

  const place = async (values: BillingValues, wallet: Wallet | null, items: CartItem[], shown: QueuedDelivery | undefined, goods: number) => {
    const session = useSession.getState().session;
    const checkout = useCheckout.getState();
    // One key per cart, payment method, delivery option and fee: the server answers a repeated key
    // only for the same request, and a fee the shopper confirmed after a change is a new attempt.
    const key = checkout.attemptKey(`${cartFingerprint(items)}|${values.paymentMethod}|${values.deliveryOptionId ?? ''}|${values.deliveryFee ?? ''}`);
    const promoCode = checkout.promo?.code;
    const details: OrderDetails = { ...values, ...(promoCode ? { promoCode } : {}) };

    const cashOnDelivery = values.paymentMethod === 'Cash on Delivery';
    // A phone this device confirmed goes with its proof (issue 41): the order then holds its stock. A
    // queued order keeps it, like its key, for when it is sent.
    const proof = phoneTokenHeaders(details.phone);
    const queue = () => {
      useOutbox.getState().queueOrder({ key, userId: session?.userId ?? null, details, items, goods, ...(shown ? { delivery: shown } : {}), proof });
      useCheckout.getState().finishAttempt();
      useCart.getState().reset();
      toast(MESSAGES.orderQueued, { id: 'order-queued', duration: QUEUED_TOAST_MS });
    };
    if (cashOnDelivery && !navigator.onLine) return queue();

    let answer: OrderAnswer;
    try {
      answer = session
        ? await createOrder(details, key, proof)
        : await createGuestOrder({ ...details, cart: items.map((i) => ({ productId: i.productId, quantity: String(i.quantity) })) }, key, proof);
    } catch (error) {
      const failure = asFailure(error, session ? MESSAGES.orderFailed : MESSAGES.guestOrderFailed);
      // No answer: the order may exist or not; the outbox sends it again with the same key until it knows.
      if (cashOnDelivery && failure.status === 0) return queue();
      if (failure.status === 409 && failure.delivery) return deliveryChanged(failure.message, failure.delivery);
      // Issue 41: many orders from the shopper's network (429), or a one-use-per-customer code (400):
      // the phone is confirmed by a code right here, then the order is placed again (with its token).
      // The promo stays applied: it is what the confirmed phone unlocks.
      if (failure.errors?.some((e) => e.path[0] === 'phoneToken')) return setPhoneNeeded(failure.message);
      setAlert(failure.message);
      toast.error(failure.message);
      if (failure.errors) {
        form.showErrors(failure.errors);
        // The code stopped working since it was applied: the summary must not keep its discount.
        if (failure.errors.some((e) => e.path[0] === 'promoCode')) useCheckout.getState().setPromo(null);
        // The server asks for the region only where the shop has options by region: a copy of the
        // settings from before them hides the field, so the options are read again and it shows.
        if (failure.errors.some((e) => e.path[0] === 'region')) void queryClient.invalidateQueries({ queryKey: shopSettingsQuery().queryKey });
      }
      // Stock ran short: the server cart shows what is left.
      if (session && failure.status === 409) void useCart.getState().load();
      return;
    }

    const { order, orderToken } = answer;
    useCheckout.getState().finishAttempt();
    if (orderToken) useCheckout.getState().rememberOrderToken(order._id, orderToken);
    // The order took its products' stock and joins the shopper's orders. Said here rather than by a
    // useMutation's `meta: { changes: 'catalogue' }`: that would wait for the catalogue's refetch
    // before the lines above, and a reload meanwhile would lose the attempt's end and a guest's token.
    void catalogueChanged(queryClient);
    orderListsChanged(queryClient);

    // The order's own method decides: a replayed key answers the order the key first made. A Mobile
    // Money order that is already paid (a ₵0 total, all of it discounted) has nothing to pay: like cash.
    if (order.paymentMethod.paymentMethod !== 'Mobile Money' || order.paymentStatus === 'Paid') {
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
      // Approved on the phone from this page: the payment panel sends the charge (and again, after a lost answer).
      channel: 'charge',
      ...(wallet ? { wallet } : {}),
      charge: null,
    };
    useCheckout.getState().startPayment(payment);
    // The order emptied a customer's server cart; a guest's cart stays until the payment succeeds.
    if (session) useCart.getState().reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const valid = form.validate({ mobileMoney, delivery });
    if (!valid) return;
    const { values, wallet } = valid;
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
    setPlacing(true);
    setAlert(null);
    setPhoneNeeded(null);
    const { chosen, fee, goods } = delivery;
    const shown = chosen && fee !== null ? { name: chosen.name, fee, feePaidWith: chosen.feePaidWith } : undefined;
    void place(values, wallet, items, shown, goods).finally(() => {
      inFlight.current = false;
      setPlacing(false);
    });
  };

  return { placing, alert, phoneNeeded, onSubmit };
}
