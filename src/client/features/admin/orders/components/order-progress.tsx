import { formatDateTime } from '@/client/lib/format-date';
import type { OrderStatus } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';

/** The spec's four steps; Cancelled is no step of them. */
const STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const satisfies readonly OrderStatus[];

/**
 * Pending → Processing → Shipped → Delivered as a list, the current step marked aria-current="step"
 * and the steps before it ticked; a cancelled order shows 'Cancelled' instead, with when and why.
 */
export function OrderProgress({
  status,
  cancelledAt,
  cancelReason = null,
}: {
  status: OrderStatus;
  cancelledAt: string | null;
  cancelReason?: Order['cancelReason'];
}) {
  if (status === 'Cancelled') {
    // A reason this version does not know says nothing more.
    const reason = cancelReason ? (ORDERS_TEXTS.cancelReasons[cancelReason] as string | undefined) : undefined;
    return (
      <div className={styles.centred}>
        <p className={styles.cancelled}>Cancelled</p>
        {cancelledAt && <p className={styles.note}>{PAGE_MESSAGES.orderCancelledOn(formatDateTime(cancelledAt))}</p>}
        {reason && <p className={styles.note}>{reason}</p>}
      </div>
    );
  }
  const current = STEPS.indexOf(status);
  return (
    <ol className={styles.steps} aria-label="Order progress">
      {STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {step}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
