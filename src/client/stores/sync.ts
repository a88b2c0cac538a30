import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { placeOrder } from '../lib/api/place-order';
import { setCartItem } from '../lib/api/set-cart-item';
import { type ApiFailure, toApiFailure } from '../lib/http';
import { oneAtATime } from '../lib/one-at-a-time';
import { catalogueChanged } from '../lib/query-client';
import { followServerCart, useCart } from './cart';
import { useCheckout } from './checkout';
import { entriesOf, nextToSend, type OutboxEntry, type QueuedOrder, useOutbox } from './outbox';
import { useSession } from './session';
import { whenHydrated } from './use-hydrated';

/**
 * Sends the outbox (outbox.ts) in order: at start-up, when the browser is back online, whenever
 * something is queued while online, and again after a short, growing pause when the network or the
 * server fails. One flush runs at a time. The server's rules win: a refused cart change or order is
 * dropped with a toast that says why, and the cart then shows what the server holds. An order refused
 * for its delivery (the fee or the options changed meanwhile) is kept, unsent, for the shopper to
 * confirm at the checkout: never placed at a fee they were not shown.
 */

/** The toast of an order the shopper must confirm again (the checkout's saved-order panel asks). */
export const awaitingToast = (reason: string) => `Your saved order is not placed yet: ${reason} Open the checkout to answer.`;

/** Pauses before trying again after a failure: 2 s, 5 s, 10 s, then every 30 s. */
const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];
const SENT_TOAST_MS = 6000;

/** One flush at a time; something queued while one is finishing gets another pass. */
const flushes = oneAtATime(send);
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/**
 * No answer, or the server briefly unable: worth sending again later. Not a 429 that names a field
 * (too many orders from the network, confirm the phone): the shopper is told, and orders again.
 */
const isTransient = (failure: ApiFailure): boolean =>
  failure.status === 0 || failure.status === 408 || (failure.status === 429 && !failure.errors) || failure.status >= 500;

export function flushOutbox(): Promise<void> {
  return flushes.run();
}

async function send(): Promise<void> {
  clearTimeout(retryTimer);
  let cartChanged = false;
  for (;;) {
    if (!navigator.onLine) return;
    const userId = useSession.getState().session?.userId ?? null;
    // A guest's order goes as it is; a customer's entries only under their own session.
    const entry = nextToSend(useOutbox.getState().entries, userId);
    if (!entry) break;
    try {
      await deliver(entry);
    } catch (error) {
      const failure = await toApiFailure(error, PAGE_MESSAGES.orderFailed);
      if (isTransient(failure)) return retryLater();
      // The session ended meanwhile: the entries wait for this user to sign in again.
      if (failure.status === 401) return;
      if (entry.kind === 'order' && failure.status === 409 && failure.delivery) {
        awaitAnswer(entry, failure.message, failure.delivery);
        continue;
      }
      refused(entry, failure);
    }
    useOutbox.getState().remove(entry.id);
    if (entry.userId) cartChanged = true;
  }
  failures = 0;
  // The server cart is the truth again once nothing of this user waits.
  const userId = useSession.getState().session?.userId;
  if (cartChanged && userId && entriesOf(useOutbox.getState().entries, userId).length === 0) await useCart.getState().load();
}

async function deliver(entry: OutboxEntry): Promise<void> {
  if (entry.kind === 'cart') {
    await setCartItem(entry.productId, entry.quantity);
    return;
  }
  // With its key, and its phone's token when the phone was confirmed on this device (the order then holds its stock).
  const { order, orderToken } = await placeOrder({ ...entry, customer: entry.userId !== null });
  if (orderToken) useCheckout.getState().rememberOrderToken(order._id, orderToken);
  useOutbox.getState().markSent({ entryId: entry.id, orderId: order._id });
  // The order took its products' stock.
  void catalogueChanged();
  toast.success(PAGE_MESSAGES.queuedOrderSent(order.orderNumber), { id: `sent-${entry.id}`, duration: SENT_TOAST_MS });
}

function refused(entry: OutboxEntry, failure: ApiFailure): void {
  if (entry.kind === 'cart') {
    toast.error(PAGE_MESSAGES.cartLineChanged(entry.name, failure.message), { id: `cart-${entry.productId}` });
    return;
  }
  toast.error(PAGE_MESSAGES.queuedOrderRefused(failure.message), { id: `refused-${entry.id}`, duration: SENT_TOAST_MS });
  // A guest's lines go back into the cart; a customer's are still in their server cart.
  if (!entry.userId) useCart.getState().restore(entry.items);
}

/** The delivery changed since the order was queued: nothing is placed until the shopper says so. */
function awaitAnswer(entry: QueuedOrder, message: string, delivery: NonNullable<ApiFailure['delivery']>): void {
  useOutbox.getState().awaitConfirmation(entry.id, { message, fee: delivery.fee, options: delivery.options });
  toast.error(awaitingToast(message), { id: `awaiting-${entry.id}`, duration: SENT_TOAST_MS });
}

function retryLater(): void {
  const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
  failures += 1;
  retryTimer = setTimeout(() => void flushOutbox(), delay);
}

const awaitingCount = (entries: OutboxEntry[]) => entries.filter((e) => e.kind === 'order' && e.awaitingConfirmation).length;

/**
 * Wired once at start-up (app.tsx): sends what the last visit left, then follows the connection.
 * A signed-in customer's cart is read from the server only after their queued changes are in, and
 * read again when they come back to the app or the network returns (followServerCart).
 * Resolves to a function that stops following (for tests).
 */
export async function startOutboxSync(): Promise<() => void> {
  const online = () => void flushOutbox();
  window.addEventListener('online', online);
  // Something queued, or an order the shopper has answered (confirmed or cancelled): there is more to send.
  const unsubscribe = useOutbox.subscribe((state, previous) => {
    if (state.entries.length > previous.entries.length || awaitingCount(state.entries) < awaitingCount(previous.entries)) void flushOutbox();
  });
  const stopFollowingCart = followServerCart();
  const stop = () => {
    window.removeEventListener('online', online);
    unsubscribe();
    stopFollowingCart();
    clearTimeout(retryTimer);
    failures = 0;
  };
  await Promise.all([whenHydrated(useOutbox), whenHydrated(useCart)]);
  await flushOutbox();
  if (useSession.getState().session) await useCart.getState().load();
  return stop;
}
