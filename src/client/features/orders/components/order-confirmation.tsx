import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { button } from '@/client/components/button';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { paidAfterCancellation } from '../lib/order-money';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';
import { OrderVerification } from './order-verification';

/** What happens next, in the shopper's terms; for a cancelled order, only what the shop does about a payment that came after. */
function nextSteps(order: Order): string | null {
  if (order.orderStatus === 'Cancelled') return paidAfterCancellation(order) ? PAGE_MESSAGES.paidAfterCancellation : null;
  if (order.paymentMethod.paymentMethod === 'Cash on Delivery') return PAGE_MESSAGES.nextStepsCash(order.phone);
  return order.paymentStatus === 'Paid' ? PAGE_MESSAGES.nextStepsPaid(order.phone) : PAGE_MESSAGES.paymentAwaited;
}

/**
 * Shown right after checkout (`?placed=true`), above the order. Focus lands on its heading so a
 * screen reader announces the outcome of the checkout instead of starting from the top of the page.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const next = nextSteps(order);
  return (
    <section className={styles.confirmation} aria-labelledby="order-confirmation-title">
      <h2 id="order-confirmation-title" ref={headingRef} tabIndex={-1} className={styles.confirmationTitle}>
        {PAGE_MESSAGES.orderThanks}
      </h2>
      {/* One text node: the number is read and found as one sentence. */}
      <p className={styles.orderNumberText}>{PAGE_MESSAGES.yourOrderNumber(order.orderNumber)}</p>
      {next && <p className={styles.confirmationText}>{next}</p>}
      {/* A cash order whose buyer is not shown to be real yet asks for the phone's code here. */}
      <OrderVerification order={order} headingLevel={3} />
      <DeliveryChosen order={order} />
      <Link to="/" className={button({ tone: 'primary' })}>
        {SHOP_TEXTS.continueShopping}
      </Link>
    </section>
  );
}

/**
 * The delivery the order was placed with (its snapshot). What the fee comes to (paid to the rider, or
 * not included) is said once, in the order's details under the confirmation: saying it here too
 * printed it twice.
 */
function DeliveryChosen({ order }: { order: Order }) {
  const { delivery } = order;
  if (!delivery) return null;
  return (
    <p className={styles.confirmationText}>
      {delivery.pickup ? ORDERS_TEXTS.pickupChosen(delivery.name, delivery.eta) : ORDERS_TEXTS.deliveryChosen(delivery.name, delivery.eta)}
    </p>
  );
}
