import type { Ref } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import * as display from '@/client/components/order-display.css';
import { formatDateTime } from '@/client/lib/format-date';
import type { AdminOrder } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';
import { canRefund, PaymentHistory } from './order-refunds';
import { PaymentStateBadge } from './payment-state-badge';

/** Cash collected on delivery is recorded by hand; Mobile Money is marked Paid by its verification. */
const canMarkPaid = (order: AdminOrder) =>
  order.paymentMethod.paymentMethod === 'Cash on Delivery' && order.paymentStatus === 'Pending' && order.orderStatus !== 'Cancelled';

interface OrderPaymentPanelProps {
  order: AdminOrder;
  saving: 'status' | 'payment' | null;
  titleRef: Ref<HTMLHeadingElement>;
  onRefund(opener: HTMLElement): void;
  onMarkPaid(): void;
}

/** The payment: status, method, reference, when paid (or by when), refunds and disputes; Refund and Mark as Paid where they apply. */
export function OrderPaymentPanel({ order, saving, titleRef, onRefund, onMarkPaid }: OrderPaymentPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby="order-payment-title">
      <h2 id="order-payment-title" ref={titleRef} tabIndex={-1} className={display.panelTitle}>
        Payment
      </h2>
      <dl className={display.pairs}>
        <dt className={display.pairLabel}>Payment status</dt>
        <dd className={display.pairValue}>
          <PaymentStateBadge order={order} />
        </dd>
        <dt className={display.pairLabel}>Method</dt>
        <dd className={display.pairValue}>{order.paymentMethod.paymentMethod}</dd>
        {order.paymentReference && (
          <>
            <dt className={display.pairLabel}>Reference</dt>
            <dd className={display.pairValue}>{order.paymentReference}</dd>
          </>
        )}
        {order.paidAt && (
          <>
            <dt className={display.pairLabel}>Paid on</dt>
            <dd className={display.pairValue}>{formatDateTime(order.paidAt)}</dd>
          </>
        )}
        {order.holdExpiresAt && order.paymentStatus === 'Pending' && (
          <>
            {/* Mobile Money: paid by then; Cash on Delivery: confirmed (moved to Processing) by then. Else it is cancelled. */}
            <dt className={display.pairLabel}>{order.paymentMethod.paymentMethod === 'Cash on Delivery' ? ORDERS_TEXTS.confirmBy : ORDERS_TEXTS.payBy}</dt>
            <dd className={display.pairValue}>{formatDateTime(order.holdExpiresAt)}</dd>
          </>
        )}
      </dl>
      <PaymentHistory refunds={order.refunds ?? []} disputes={order.disputes ?? []} />
      {canRefund(order) && (
        <button type="button" className={button({ tone: 'danger' })} disabled={saving !== null} onClick={(event) => onRefund(event.currentTarget)}>
          Refund
        </button>
      )}
      {canMarkPaid(order) && (
        <button type="button" className={button({ tone: 'primary' })} disabled={saving !== null} onClick={onMarkPaid}>
          {saving === 'payment' && <Busy />}
          Mark as Paid
        </button>
      )}
    </section>
  );
}
