import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderDetails } from '@/client/lib/api/create-order';
import { placeOrder } from '@/client/lib/api/place-order';
import type { ApiFailure } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { catalogueChanged } from '@/client/lib/query-client';
import { toast } from '@/client/lib/toast';
import { type CartItem, useCart } from '@/client/stores/cart';
import { cartFingerprint, type PendingPayment, useCheckout, type Wallet } from '@/client/stores/checkout';
import { type QueuedDelivery, useOutbox } from '@/client/stores/outbox';
import { phoneTokenHeaders } from '@/client/stores/phone-tokens';
import { useSession } from '@/client/stores/session';
import { type DeliveryChange, deliveryChoices } from '@/shared/delivery';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { OrderAnswer } from '@/shared/types';
import { isValidCartLine } from '../lib/cart-lines';
import type { BillingValues, PlacedValues } from '../lib/checkout-read';
import type { DeliveryState } from '../lib/delivery';
import { asFailure } from '../lib/failure';
import { orderListsChanged } from '../lib/order-cache';
import { ORDER_TOAST_MS, QUEUED_TOAST_MS } from '../lib/timing';
import type { CheckoutFormApi } from './use-checkout-form';

interface PlaceOrderOptions {
  /** The billing form: it reads the wallet only where the shop takes Mobile Money. */
  form: CheckoutFormApi;
  /** The delivery as the checkout shows it: the option chosen and its fee go with the order. */
  delivery: DeliveryState;
  /** A cash-on-delivery order is made: the page confirms it. */
  onPlaced(orderId: string): void;
}

/** What one 'Place order' sends: the form's values, the cart, and the delivery and goods as shown. */
interface Attempt {
  values: BillingValues;
  wallet: Wallet | null;
  items: CartItem[];
  shown: QueuedDelivery | undefined;
  goods: number;
}

/** The placement in the mutation cache: its pending state is read in the tap's own task. */
const PLACE_ORDER_KEY = ['checkout', 'place-order'] as const;

/**
 * The server wants the order's phone confirmed first (many orders from the shopper's network, or a
 * one-use-per-customer code: `errors` naming `phoneToken`): the form then shows the phone check.
 */
const asksForPhone = (failure: ApiFailure): boolean => failure.errors?.some((e) => e.path[0] === 'phoneToken') ?? false;

/**
 * 'Place order': `place` takes the values the form's rules let through (the form's handleSubmit)
 * and creates the order once. The attempt's idempotency key goes with it
 * and survives a failure, so a retry after a lost answer gets the same order. A Mobile Money order
 * then waits for its charge, approved on the phone (the payment panel sends it); it needs a
 * connection. A Cash-on-Delivery order made with no connection, or
 * whose answer never came, waits in the outbox with its key and is sent when the network returns.
 * The delivery fee shown goes along: if the shop's options changed meanwhile, the server refuses the
 * order (409) with the options as they are now; the form then shows them, and the shopper places the
 * order again, under a new key, at the fee they now see. When the server wants the phone confirmed
 * first, `phoneNeeded` holds its words for the form's phone check; the shopper then places the order
 * again, and the phone's token goes with it. `placing` and the refusal are the mutation's own state.
 */
export function usePlaceOrder({ form, delivery, onPlaced }: PlaceOrderOptions) {
  const queryClient = useQueryClient();
  /** Said before anything is sent: Mobile Money needs a connection. */
  const [offlineAlert, setOfflineAlert] = useState<string | null>(null);
  const placement = useMutation({
    mutationKey: PLACE_ORDER_KEY,
    // With no connection a Cash-on-Delivery order goes into the outbox: nothing waits for the network.
    networkMode: 'always',
    mutationFn: (attempt: Attempt) => sendAttempt(attempt, queryClient, onPlaced),
    onError: (failure) => orderRefused(failure, queryClient, form),
  });

  const placing = () => queryClient.isMutating({ mutationKey: PLACE_ORDER_KEY }) > 0;
  const place = ({ values, wallet }: PlacedValues) => {
    // The cache knows in the same task as the tap: a second tap, read while the first was checked
    // or before React re-renders the button as disabled, sends nothing.
    if (placing()) return;
    const items = useCart.getState().items;
    if (items.length === 0) {
      toast.error(PAGE_MESSAGES.cartEmpty);
      return;
    }
    if (!items.every(isValidCartLine)) {
      toast.error(PAGE_MESSAGES.invalidCartItems);
      return;
    }
    if (values.paymentMethod === 'Mobile Money' && !navigator.onLine) {
      setOfflineAlert(PAGE_MESSAGES.mobileMoneyNeedsConnection);
      toast.error(PAGE_MESSAGES.mobileMoneyNeedsConnection, { id: 'momo-offline' });
      return;
    }
    setOfflineAlert(null);
    const { chosen, fee, goods } = delivery;
    const shown = chosen && fee !== null ? { name: chosen.name, fee, feePaidWith: chosen.feePaidWith } : undefined;
    placement.mutate({ values, wallet, items, shown, goods });
  };
  const failure = placement.error;
  const phoneNeeded = failure && asksForPhone(failure) ? failure.message : null;
  return { placing: placement.isPending, alert: offlineAlert ?? (failure && !phoneNeeded ? failure.message : null), phoneNeeded, place };
}

/**
 * Sends the order (or queues a Cash-on-Delivery one with no connection, or whose answer never
 * came) and goes on from what the server made. Throws the server's refusal.
 */
async function sendAttempt({ values, wallet, items, shown, goods }: Attempt, queryClient: QueryClient, onPlaced: (orderId: string) => void) {
  const session = useSession.getState().session;
  const checkout = useCheckout.getState();
  // One key per cart, payment method, delivery option and fee: the server answers a repeated key
  // only for the same request, and a fee the shopper confirmed after a change is a new attempt.
  const key = checkout.attemptKey(`${cartFingerprint(items)}|${values.paymentMethod}|${values.deliveryOptionId ?? ''}|${values.deliveryFee ?? ''}`);
  const promoCode = checkout.promo?.code;
  const details: OrderDetails = { ...values, ...(promoCode ? { promoCode } : {}) };

  const cashOnDelivery = values.paymentMethod === 'Cash on Delivery';
  // A phone this device confirmed goes with its proof: the order then holds its stock. A queued
  // order keeps it, like its key, for when it is sent.
  const proof = phoneTokenHeaders(details.phone);
  const queue = () => {
    useOutbox.getState().queueOrder({ key, userId: session?.userId ?? null, details, items, goods, ...(shown ? { delivery: shown } : {}), proof });
    useCheckout.getState().finishAttempt();
    useCart.getState().reset();
    toast(PAGE_MESSAGES.orderQueued, { id: 'order-queued', duration: QUEUED_TOAST_MS });
  };
  if (cashOnDelivery && !navigator.onLine) return queue();

  let answer: OrderAnswer;
  try {
    answer = await placeOrder({ customer: session !== null, details, items, key, proof });
  } catch (error) {
    const failure = asFailure(error, session ? PAGE_MESSAGES.orderFailed : PAGE_MESSAGES.guestOrderFailed);
    // No answer: the order may exist or not; the outbox sends it again with the same key until it knows.
    if (cashOnDelivery && failure.status === 0) return queue();
    throw failure;
  }
  orderMade(answer, { userId: session?.userId ?? null, wallet, queryClient, onPlaced });
}

/** The server made the order: the attempt ends, and a cash order is confirmed or a Mobile Money one waits for its payment. */
function orderMade(
  { order, orderToken }: OrderAnswer,
  { userId, wallet, queryClient, onPlaced }: { userId: string | null; wallet: Wallet | null; queryClient: QueryClient; onPlaced: (orderId: string) => void },
): void {
  useCheckout.getState().finishAttempt();
  if (orderToken) useCheckout.getState().rememberOrderToken(order._id, orderToken);
  // The order took its products' stock and joins the shopper's orders. Said here rather than by the
  // mutation's `meta: { changes: 'catalogue' }`: that would wait for the catalogue's refetch before
  // the lines above, and a reload meanwhile would lose the attempt's end and a guest's token.
  void catalogueChanged(queryClient);
  orderListsChanged(queryClient);

  // The order's own method decides: a replayed key answers the order the key first made. A Mobile
  // Money order that is already paid (a ₵0 total, all of it discounted) has nothing to pay: like cash.
  if (order.paymentMethod.paymentMethod !== 'Mobile Money' || order.paymentStatus === 'Paid') {
    toast.success(PAGE_MESSAGES.orderPlaced, { duration: ORDER_TOAST_MS });
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
    userId,
    items: order.items.map((i) => ({ productId: i.product._id, quantity: i.quantity, name: i.product.name })),
    state: 'awaiting',
    // Approved on the phone from this page: the payment panel sends the charge (and again, after a lost answer).
    channel: 'charge',
    ...(wallet ? { wallet } : {}),
    charge: null,
  };
  useCheckout.getState().startPayment(payment);
  // The order emptied a customer's server cart; a guest's cart stays until the payment succeeds.
  if (userId) useCart.getState().reset();
}

/** The server refused the order: the toast, the fields it names, and what changed meanwhile. The hook shows its words. */
function orderRefused(failure: ApiFailure, queryClient: QueryClient, form: CheckoutFormApi): void {
  if (failure.status === 409 && failure.delivery) {
    deliveryChanged(failure.message, failure.delivery, queryClient, form);
    return;
  }
  // The phone is confirmed by a code right here, then the order is placed again (with its token).
  // The promo stays applied: it is what the confirmed phone unlocks.
  if (asksForPhone(failure)) return;
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
  if (useSession.getState().session && failure.status === 409) void useCart.getState().load();
}

/** The shop's delivery changed since the form showed it: show it as it is now, and place nothing. */
function deliveryChanged(message: string, change: DeliveryChange, queryClient: QueryClient, form: CheckoutFormApi): void {
  queryClient.setQueryData(shopSettingsQuery().queryKey, (settings) => (settings ? { ...settings, delivery: change.options } : settings));
  // No copy of the settings to update (they never loaded): ask for them.
  if (!queryClient.getQueryData(shopSettingsQuery().queryKey)) void queryClient.invalidateQueries({ queryKey: shopSettingsQuery().queryKey });
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
}
