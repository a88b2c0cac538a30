import { Link, useRouterState } from '@tanstack/react-router';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import * as styles from './pending-payment-banner.css';

/**
 * A Mobile Money payment left open (the shopper wandered off, or reopened the app on another page):
 * every page says so and leads back to the checkout, where the payment is checked and can be
 * reopened or the order cancelled. Loaded after the first screen (pending-payment-banner.tsx).
 */
export function PendingPaymentNotice() {
  const pending = useCheckout((s) => s.pendingPayment);
  const userId = useSession((s) => s.session?.userId ?? null);
  const onCheckout = useRouterState({ select: (s) => s.location.pathname === '/checkout' });
  if (!pending || pending.userId !== userId || onCheckout) return null;
  return (
    <section className={styles.banner} aria-label="Payment in progress">
      <p className={styles.text}>
        {pending.state === 'failed'
          ? `The Mobile Money payment for order ${pending.orderNumber} did not go through.`
          : `Your Mobile Money payment for order ${pending.orderNumber} is not confirmed yet.`}
      </p>
      <Link to="/checkout" className={styles.link}>
        Continue to payment
      </Link>
    </section>
  );
}
