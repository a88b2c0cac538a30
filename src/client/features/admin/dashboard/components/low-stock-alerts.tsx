import { Link } from '@tanstack/react-router';
import { numeric, table, tableWrap, td, th } from '@/client/components/data-table.css';
import { StatusBadge } from '@/client/components/status-badge';
import type { Product } from '@/shared/types';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';

/** 'Low Stock Alerts': products at 5 or less (lowest first), each with 'Update Stock'. */
export function LowStockAlerts({ products }: { products: readonly Product[] }) {
  return (
    <section className={styles.panel} aria-labelledby="low-stock-title">
      <div className={styles.panelHeader}>
        <h2 id="low-stock-title" className={styles.panelTitle}>
          Low Stock Alerts
        </h2>
        <Link to="/admin/products/low-stock" className={styles.panelLink}>
          View all low stock products
        </Link>
      </div>
      {products.length === 0 ? (
        <p className={styles.empty}>{DASHBOARD_TEXTS.wellStocked}</p>
      ) : (
        <div className={tableWrap}>
          <table className={table} aria-labelledby="low-stock-title">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Product
                </th>
                <th scope="col" className={`${th} ${numeric}`}>
                  Stock
                </th>
                <th scope="col" className={th}>
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
