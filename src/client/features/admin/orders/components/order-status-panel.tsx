import type { Ref } from 'react';
import * as display from '@/client/components/order-display.css';
import { Spinner } from '@/client/components/spinner';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';
import type { AdminOrder } from '@/shared/types';
import * as styles from './order-detail.css';
import { OrderProgress } from './order-progress';

interface OrderStatusPanelProps {
  order: AdminOrder;
  /** Which save is out, if any: the select waits. */
  saving: 'status' | 'payment' | null;
  error: string | undefined;
  selectRef: Ref<HTMLSelectElement>;
  onChange(status: OrderStatus): void;
}

/** The order's progress and the select that changes its status, with the refusal under it. */
export function OrderStatusPanel({ order, saving, error, selectRef, onChange }: OrderStatusPanelProps) {
  return (
    <section className={`${styles.panel} ${display.noPrint}`} aria-labelledby="order-status-title">
      <h2 id="order-status-title" className={display.panelTitle}>
        Order Status
      </h2>
      <OrderProgress status={order.orderStatus} cancelledAt={order.cancelledAt} cancelReason={order.cancelReason} />
      <div className={styles.statusControl}>
        <label htmlFor="order-status" className={styles.label}>
          Order status
        </label>
        <div className={styles.controlRow}>
          <select
            id="order-status"
            ref={selectRef}
            className={styles.select}
            value={order.orderStatus}
            disabled={saving !== null}
            aria-describedby={error ? 'order-status-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value as OrderStatus)}
          >
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          {saving === 'status' && <Spinner label="Saving order status" />}
        </div>
        {error && (
          <p id="order-status-error" className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
