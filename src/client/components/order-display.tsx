import { Fragment, type ReactNode } from 'react';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { toCedis, toPesewas } from '@/shared/money';
import type { Order } from '@/shared/types';
import * as styles from './order-display.css';
import { Price } from './price';

/**
 * What the shopper's order page and the admin's order page both show of an order, in one place:
 * the customer's details, each line's total and the totals. Each page keeps its own layout (cards
 * or panels, a list or a table of lines) and passes its panel class.
 */

type OrderLine = Order['items'][number];

/** A line's total in cedis, counted in pesewas so it adds up to the order's subtotal. */
export const lineTotal = (line: OrderLine) => toCedis(toPesewas(line.priceAtPurchase) * line.quantity);

/** A section named by its heading: `id` is the heading's. */
export function OrderPanel({ id, title, className, children }: { id: string; title: string; className: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs (a <dl>). */
export function OrderPairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.pairs}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className={styles.pairLabel}>{label}</dt>
          <dd className={styles.pairValue}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** 'Customer Information': the rows each page shows (the admin's link the email, phone and account). */
export function CustomerInformation({ rows, className }: { rows: [string, ReactNode][]; className: string }) {
  return (
    <OrderPanel id="order-customer-title" title="Customer Information" className={className}>
      <OrderPairs rows={rows} />
    </OrderPanel>
  );
}

/** 'Order Summary': subtotal, discount (with its code) and total; `children` go under them. */
export function OrderSummary({ order, className, children }: { order: Order; className: string; children?: ReactNode }) {
  return (
    <OrderPanel id="order-summary-title" title={SHOP_TEXTS.orderSummary} className={className}>
      <dl className={styles.totals}>
        <dt className={styles.pairLabel}>{SHOP_TEXTS.subtotal}</dt>
        <dd className={styles.totalValue}>
          <Price value={order.subtotal} />
        </dd>
        <dt className={styles.pairLabel}>{order.promoCode ? `${SHOP_TEXTS.discount} (${order.promoCode})` : SHOP_TEXTS.discount}</dt>
        <dd className={styles.totalValue}>
          {order.discount > 0 && '−'}
          <Price value={order.discount} />
        </dd>
        <dt className={styles.grandLabel}>Total</dt>
        <dd className={styles.grandValue}>
          <Price value={order.total} />
        </dd>
      </dl>
      {children}
    </OrderPanel>
  );
}
