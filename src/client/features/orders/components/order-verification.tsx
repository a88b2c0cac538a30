import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Order } from '@/shared/types';
import * as detail from './order-detail.css';

/*
 * The order confirmation and the order page. The card and its phone check load only for
 * an order that needs them (phone-verification.tsx): most orders never show it, and what the order
 * routes load first (their preload lists, read at start-up) stays as it was.
 */
const OrderVerificationCard = lazy(() => import('./phone-verification').then((m) => ({ default: m.OrderVerificationCard })));

/**
 * A Cash on Delivery order that is open, unpaid and whose buyer is not shown to be real yet (a Mobile
 * Money order's payment proves its buyer: its page asks for the payment instead).
 */
export const awaitsBuyer = (order: Order): boolean =>
  order.paymentMethod.paymentMethod === 'Cash on Delivery' &&
  order.orderStatus === 'Pending' &&
  order.paymentStatus === 'Pending' &&
  order.verification !== 'verified';

/**
 * The card of an order that waits for its buyer (`awaitsBuyer`): `required`, the phone's code;
 * `waiting_for_shop`, the shop will call. Once the order is confirmed here, its place says so
 * (focused, as the button pressed is gone); a verified order otherwise shows nothing.
 */
export function OrderVerification({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const confirmedRef = useRef<HTMLDivElement>(null);
  const waits = awaitsBuyer(order);

  useEffect(() => {
    if (confirmed && !waits) confirmedRef.current?.focus();
  }, [confirmed, waits]);

  if (waits)
    return (
      <Suspense fallback={null}>
        <OrderVerificationCard order={order} headingLevel={headingLevel} onConfirmed={setConfirmed} />
      </Suspense>
    );
  if (!confirmed) return null;
  return (
    <div ref={confirmedRef} tabIndex={-1} role="status" className={detail.calloutSuccess}>
      <p className={detail.calloutText}>{confirmed}</p>
    </div>
  );
}
