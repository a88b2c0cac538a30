import { Link } from '@tanstack/react-router';
import { numeric, table, tableWrap, td, th } from '@/client/components/data-table.css';
import { Price } from '@/client/components/price';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import type { Order } from '@/shared/types';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';

/** The spec's short order id on the dashboard: the last 6 characters of the id. */
const shortOrderId = (id: string): string => id.slice(-6);

/** A guest order (no account) carries ' (Guest)' after the name it was placed with. */
export const customerName = (order: Order): string => (order.user ? order.user.fullName : `${order.fullName} (Guest)`);

/** 'Recent Orders': the 5 newest, each opening its admin order page, and 'View all orders'. */
export function RecentOrders({ orders }: { orders: readonly Order[] }) {
  return (
    <section className={styles.panel} aria-labelledby="recent-orders-title">
      <div className={styles.panelHeader}>
        <h2 id="recent-orders-title" className={styles.panelTitle}>
          Recent Orders
        </h2>
        <Link to="/admin/orders" className={styles.panelLink}>
          View all orders
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className={styles.empty}>{DASHBOARD_TEXTS.noOrders}</p>
      ) : (
        <div className={tableWrap}>
          <table className={table} aria-labelledby="recent-orders-title">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Order
                </th>
                <th scope="col" className={th}>
                  Customer
                </th>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className={`${th} ${numeric}`}>
                  Total
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order._id}>
                  <th scope="row" className={`${td} ${styles.rowHeader}`}>
                    <Link to="/admin/orders/$id" params={{ id: order._id }} className={styles.rowLink}>
                      {shortOrderId(order._id)}
                    </Link>
                  </th>
                  <td className={td}>{customerName(order)}</td>
                  <td className={td}>
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                  </td>
                  <td className={`${td} ${numeric}`}>
                    <Price value={order.total} />
                  </td>
                  <td className={td}>
                    <OrderStatusBadge status={order.orderStatus} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
