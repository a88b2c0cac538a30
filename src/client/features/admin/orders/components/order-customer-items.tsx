import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TableHead } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { EmailLink } from '@/client/components/email-link';
import { CustomerInformation, deliveryRows, lineTotal, OrderPanel } from '@/client/components/order-display';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import type { AdminOrder } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';

/** The customer as the order has them: name, contact, address and delivery, payment method, account. */
export function CustomerDetails({ order }: { order: AdminOrder }) {
  const rows: [string, ReactNode][] = [
    ['Name', order.fullName],
    ['Email', <EmailLink key="email" email={order.email} none={ORDERS_TEXTS.noEmail} />],
    [
      'Phone',
      <a key="phone" href={`tel:${order.phone.replace(/\s+/g, '')}`} className={table.cellLink}>
        {order.phone}
      </a>,
    ],
    // A pickup has no street address: the town alone.
    ['Address', [order.address, order.city].filter(Boolean).join(', ')],
    // Where the rider goes (region, GPS address on a map, landmark) and how (the option as it was when ordered).
    ...deliveryRows(order),
    ['Payment method', order.paymentMethod.paymentMethod],
    [
      'Account',
      order.user ? (
        <Link key="account" to="/admin/customers/$id" params={{ id: order.user._id }} className={table.cellLink}>
          View customer profile
        </Link>
      ) : (
        'Guest (no account)'
      ),
    ],
  ];
  return <CustomerInformation rows={rows} className={styles.panel} />;
}

/** The items table's columns: all but the product are figures. */
const ITEM_COLUMNS = ['Product', 'Quantity', 'Price', 'Line total'];

/** The order's lines: product, quantity, price paid and line total. */
export function OrderItems({ order }: { order: AdminOrder }) {
  return (
    <OrderPanel id="order-items-title" title="Items" className={styles.panel}>
      {/* It scrolls sideways when the lines are wide: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (axe scrollable-region-focusable) */}
      <section className={table.tableWrap} aria-labelledby="order-items-title" tabIndex={0}>
        <table className={table.table} aria-labelledby="order-items-title">
          <TableHead columns={ITEM_COLUMNS} numeric={ITEM_COLUMNS.slice(1)} />
          <tbody>
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same product may sit on two lines of an old order; the lines never move
              <tr key={`${item.product._id}-${index}`}>
                <td className={table.td}>
                  <span className={styles.productCell}>
                    {/* The name is right beside it: the image adds nothing for a screen reader. */}
                    <ProductImage src={item.product.productImageUrls[0]} alt="" width={48} height={48} sizes="48px" className={styles.productImage} />
                    <span className={styles.productName}>{item.product.name}</span>
                  </span>
                </td>
                <td className={`${table.td} ${table.numeric}`}>{item.quantity}</td>
                <td className={`${table.td} ${table.numeric}`}>
                  <Price value={item.priceAtPurchase} />
                </td>
                <td className={`${table.td} ${table.numeric}`}>
                  <Price value={lineTotal(item)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </OrderPanel>
  );
}
