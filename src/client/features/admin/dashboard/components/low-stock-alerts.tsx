import { Link } from '@tanstack/react-router';
import { numeric, td } from '@/client/components/data-table.css';
import { PanelTable } from '@/client/components/panel-table';
import { StatusBadge } from '@/client/components/status-badge';
import type { Product } from '@/shared/types';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';
import { DashboardPanel, PanelEmpty } from './dashboard-panel';

/** 'Low Stock Alerts': products at 5 or less (lowest first), each with 'Update Stock'. */
export function LowStockAlerts({ products }: { products: readonly Product[] }) {
  return (
    <DashboardPanel titleId="low-stock-title" title="Low Stock Alerts" link={{ to: '/admin/products/low-stock', text: 'View all low stock products' }}>
      <PanelTable
        labelledBy="low-stock-title"
        columns={['Product', 'Stock', 'Action']}
        numeric={['Stock']}
        rows={products}
        empty={<PanelEmpty>{DASHBOARD_TEXTS.wellStocked}</PanelEmpty>}
        row={(product) => (
          <tr key={product._id}>
            <th scope="row" className={`${td} ${styles.rowHeader}`}>
              {product.name}
            </th>
            <td className={`${td} ${numeric}`}>
              {/* Red at 5 or less (spec section 9): every row here. */}
              <StatusBadge text={String(product.stock)} tone="danger" />
            </td>
            <td className={td}>
              <Link to="/admin/products/edit/$id" params={{ id: product._id }} className={styles.panelLink}>
                Update Stock
              </Link>
            </td>
          </tr>
        )}
      />
    </DashboardPanel>
  );
}
