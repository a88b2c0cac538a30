import type { ReactNode } from 'react';
import { Fact, FactList } from '@/client/components/fact';
import { Price } from '@/client/components/price';
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/status-badge';
import type { Order } from '@/shared/types';
import * as styles from './orders.css';

interface OrderFactsProps {
  order: Order;
  dateLabel: string;
  /** The order's date as this place says it (a day on a card, a day and time on the order's page). */
  date: string;
  paymentLabel: string;
  /** The facts after these (the total, the payment method). */
  children: ReactNode;
}

/** An order's facts, in the order the customer reads them: when, its status, its payment's, then the rest. */
export function OrderFacts({ order, dateLabel, date, paymentLabel, children }: OrderFactsProps) {
  return (
    <FactList>
      <Fact label={dateLabel}>
        <time dateTime={order.createdAt}>{date}</time>
      </Fact>
      <Fact label="Status">
        <OrderStatusBadge status={order.orderStatus} />
      </Fact>
      <Fact label={paymentLabel}>
        <PaymentStatusBadge status={order.paymentStatus} />
      </Fact>
      {children}
    </FactList>
  );
}

/** An order line's name and what was bought: how many, at what price each. */
export function OrderLineInfo({ line }: { line: Order['items'][number] }) {
  return (
    <span className={styles.itemInfo}>
      <span className={styles.itemName}>{line.product.name}</span>
      <span className={styles.itemMeta}>
        Qty: {line.quantity} · <Price value={line.priceAtPurchase} /> each
      </span>
    </span>
  );
}
