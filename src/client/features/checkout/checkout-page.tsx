import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ShopProductsLink } from '@/client/components/shop-products-link';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { cardStack, container, pageStack } from '../../components/primitives.css';
import { Skeleton } from '../../components/skeleton';
import { usePageTitle } from '../../lib/head';
import { useCart } from '../../stores/cart';
import { useCheckout } from '../../stores/checkout';
import { queuedOrdersOf, useOutbox } from '../../stores/outbox';
import { useSession } from '../../stores/session';
import { useHydrated } from '../../stores/use-hydrated';
import * as styles from './checkout-page.css';
import { ChargePanel } from './components/charge-panel';
import { CheckoutForm } from './components/checkout-form';
import { CheckoutNotice } from './components/checkout-notice';
import { PaymentPanel } from './components/payment-panel';
import { QueuedOrderPanel } from './components/queued-order-panel';
import { type OrderDone, useOrderRedirect } from './hooks/use-order-redirect';
import { usePaymentFlow } from './hooks/use-payment-flow';
import { useReturnReference } from './hooks/use-return-reference';
import type { PhoneCheck } from './lib/phone-check';

/**
 * True once the cart and the checkout are read back from IndexedDB and, for a signed-in customer,
 * the server cart has answered (the order is made from it).
 */
function useCheckoutReady(signedIn: boolean): boolean {
  const cartHydrated = useHydrated(useCart);
  const checkoutHydrated = useHydrated(useCheckout);
  const [serverCart, setServerCart] = useState<'loading' | 'loaded'>(signedIn ? 'loading' : 'loaded');

  useEffect(() => {
    if (!signedIn) {
      setServerCart('loaded');
      return;
    }
    // After the persisted copy is read back, or it would overwrite the fresh answer.
    if (!cartHydrated) return;
    let live = true;
    setServerCart('loading');
    void useCart
      .getState()
      .load()
      .finally(() => {
        if (live) setServerCart('loaded');
      });
    return () => {
      live = false;
    };
  }, [signedIn, cartHydrated]);

  return cartHydrated && checkoutHydrated && serverCart === 'loaded';
}

/**
 * /checkout, 'Finalize your purchase': the billing form, payment method, promo and summary; or a
 * Mobile Money payment in progress (resumed after a reload or a return from the payment page); or
 * the empty cart. `reference`: `?reference=` from the payment page's return. `PhoneCheck`: the phone
 * check shown when the server wants the shopper's phone confirmed first (the route hands it in).
 */
export function CheckoutPage({ reference, PhoneCheck }: { reference?: string; PhoneCheck?: PhoneCheck }) {
  usePageTitle('Checkout');
  const session = useSession((s) => s.session);
  const userId = session?.userId ?? null;
  const ready = useCheckoutReady(session !== null);
  const pending = useCheckout((s) => s.pendingPayment);
  const cartEmpty = useCart((s) => s.items.length === 0);
  const { done, goToOrder, paid } = useOrderRedirect();
  const flow = usePaymentFlow();
  const queued = useQueuedOrder(userId, cartEmpty, (orderId) => goToOrder(orderId, 'placed'));

  // Only the shopper who started a payment sees it; someone else's (signed in or out since) is dropped.
  const mine = pending !== null && pending.userId === userId ? pending : null;
  useEffect(() => {
    if (ready && pending && !mine) useCheckout.getState().clearPayment();
  }, [ready, pending, mine]);

  useReturnReference(reference, ready && session !== null && pending === null && done === null, paid);

  let content: ReactNode;
  if (!ready) content = <CheckoutSkeleton label="Loading checkout" />;
  else if (done) content = <OrderDoneNotice done={done} />;
  else if (mine?.channel === 'charge') content = <ChargePanel payment={mine} flow={flow} onPaid={paid} />;
  else if (mine) content = <PaymentPanel payment={mine} flow={flow} onPaid={paid} />;
  else if (queued) content = <QueuedOrderPanel order={queued} />;
  else if (flow.step === 'restoring') content = <CheckoutSkeleton label="Putting your items back in your cart" />;
  else if (cartEmpty) content = <EmptyCart />;
  else content = <CheckoutForm onPlaced={(orderId) => goToOrder(orderId, 'placed')} PhoneCheck={PhoneCheck} />;

  return (
    <div className={`${container} ${pageStack}`}>
      <h1 className={styles.title}>Finalize your purchase</h1>
      {content}
    </div>
  );
}

/**
 * The shopper's newest order waiting in the outbox (made offline), to show while the cart is empty
 * (a new cart is a new checkout); but first, whatever the cart, one the server sent back for the
 * shopper's answer (its delivery changed). When the one shown here goes through, `onSent` opens its
 * confirmation.
 */
function useQueuedOrder(userId: string | null, cartEmpty: boolean, onSent: (orderId: string) => void) {
  const newest = useOutbox((s) => queuedOrdersOf(s.entries, userId).at(-1) ?? null);
  const awaiting = useOutbox((s) => queuedOrdersOf(s.entries, userId).find((o) => o.awaitingConfirmation) ?? null);
  const queued = awaiting ?? (cartEmpty ? newest : null);
  const sent = useOutbox((s) => s.sent);
  const shown = useRef<string | null>(null);
  if (queued) shown.current = queued.id;
  const sentHere = sent.find((s) => s.entryId === shown.current);
  useEffect(() => {
    if (!sentHere) return;
    shown.current = null;
    onSent(sentHere.orderId);
  }, [sentHere, onSent]);
  return queued;
}

function EmptyCart() {
  return (
    <section className={styles.notice} aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title" className={styles.noticeTitle}>
        {PAGE_MESSAGES.cartEmpty}
      </h2>
      <p className={styles.noticeText}>Add items to your cart, then come back here to place your order.</p>
      <ShopProductsLink />
    </section>
  );
}

/** The 1.5 s between the order toast and the confirmation page. */
function OrderDoneNotice({ done }: { done: OrderDone }) {
  return (
    <CheckoutNotice id="checkout-done-title" icon="done" title={done.how === 'paid' ? 'Payment confirmed' : 'Order placed'}>
      <p role="status" className={styles.noticeText}>
        {done.how === 'paid' ? PAGE_MESSAGES.paymentConfirmedRedirect : PAGE_MESSAGES.orderPlacedRedirect}
      </p>
    </CheckoutNotice>
  );
}

/** Sized like the billing card and the summary, while the stores are read back and the cart fetched. */
function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.layout} role="status" aria-label={label}>
      <div className={`${styles.formArea} ${cardStack}`}>
        <Skeleton width="40%" height={24} />
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className={styles.skeleton}>
            <Skeleton width="30%" height={16} />
            <Skeleton height={44} />
          </span>
        ))}
      </div>
      <div className={`${styles.summaryArea} ${cardStack}`}>
        <Skeleton width="50%" height={24} />
        <Skeleton height={48} />
        <Skeleton height={96} />
      </div>
    </div>
  );
}
