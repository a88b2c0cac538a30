import { Link } from '@tanstack/react-router';
import { numeric, td } from '@/client/components/data-table.css';
import { PanelTable } from '@/client/components/panel-table';
import { Price } from '@/client/components/price';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import type { Order } from '@/shared/types';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';
import { DashboardPanel, PanelEmpty } from './dashboard-panel';

/** A guest order (no account) carries ' (Guest)' after the name it was placed with. */
export const customerName = (order: Order): string => (order.user ? order.user.fullName : `${order.fullName} (Guest)`);

/**
 * 'Recent Orders': the 5 newest, each named by its order number (`NK-7K3Q9P`, what the customer and
 * every other admin screen say; the spec's last 6 characters of the id matched nothing else, see
 * docs/decisions.md) and opening its admin order page, and 'View all orders'.
 */
export function RecentOrders({ orders }: { orders: readonly Order[] }) {
  return (
    <DashboardPanel titleId="recent-orders-title" title="Recent Orders" link={{ to: '/admin/orders', text: 'View all orders' }}>
      <PanelTable
        labelledBy="recent-orders-title"
        columns={['Order', 'Customer', 'Date', 'Total', 'Status']}
        numeric={['Total']}
        rows={orders}
        empty={<PanelEmpty>{DASHBOARD_TEXTS.noOrders}</PanelEmpty>}
        row={(order) => (
          <tr key={order._id}>
            <th scope="row" className={`${td} ${styles.rowHeader}`}>
              <Link to="/admin/orders/$id" params={{ id: order._id }} className={styles.rowLink}>
                {order.orderNumber}
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
        )}
      />
    </DashboardPanel>
  );
}
