import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { Fact } from '@/client/components/fact';
import { Price } from '@/client/components/price';
import { cardStack } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import { StatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { paidAfterCancellation, refundNotes } from '../lib/order-money';
import { ORDERS_TEXTS } from '../texts';
import { OrderFacts, OrderLineInfo } from './order-facts';
import * as styles from './orders.css';

/**
 * One order in a list: its number (the heading that names the article), date, status, payment,
 * total, its delivery, the items as bought, and 'View Details'. `linkCode`: an order found with 'Find an order',
 * marked so and opened by its link (/o/{code}), read-only.
 */
export function OrderCard({ order, headingLevel, linkCode }: { order: Order; headingLevel: 2 | 3; linkCode?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `order-${order._id}-title`;
  const notes = [...(paidAfterCancellation(order) ? [PAGE_MESSAGES.paidAfterCancellation] : []), ...refundNotes(order)];
  // The name starts with the visible words (voice control) and tells the orders' links apart.
  const details = { 'aria-label': `View Details of order ${order.orderNumber}`, className: `${button({ tone: 'quiet' })} ${styles.detailsLink}` };
  return (
    <article className={cardStack} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <Heading id={headingId} className={styles.cardTitle}>
          Order {order.orderNumber}
        </Heading>
        {linkCode && <StatusBadge text={ORDERS_TEXTS.lookedUp} tone="neutral" />}
      </header>
      <OrderFacts order={order} dateLabel="Date" date={formatDate(order.createdAt)} paymentLabel="Payment">
        <Fact label="Total">
          <Price value={order.total} />
        </Fact>
        {/* How it comes, as placed: the option's name, or where it is picked up. */}
        {order.delivery && <Fact label={order.delivery.pickup ? 'Pickup' : 'Delivery'}>{order.delivery.name}</Fact>}
      </OrderFacts>
      {notes.map((note) => (
        <p key={note} className={styles.cardNote}>
          {note}
        </p>
      ))}
      <ul className={styles.items} aria-label={`Items in order ${order.orderNumber}`}>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same product may sit on two lines of an old order; the lines never move
          <li key={`${item.product._id}-${index}`} className={styles.item}>
            {/* The name is right beside it: the image adds nothing for a screen reader. */}
            <ProductImage src={item.product.productImageUrls[0]} alt="" width={56} height={56} sizes="56px" className={styles.itemImage} />
            <OrderLineInfo line={item} />
          </li>
        ))}
      </ul>
      {linkCode ? (
        <Link to="/o/$code" params={{ code: linkCode }} {...details}>
          View Details
        </Link>
      ) : (
        <Link to="/order/$id" params={{ id: order._id }} {...details}>
          View Details
        </Link>
      )}
    </article>
  );
}

/** Cards sized like orders while the list loads. */
export function OrderCardsSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <li key={i} className={styles.skeletonCard}>
            <Skeleton height="1.6rem" width="55%" />
            <Skeleton height="3rem" />
            <Skeleton height="56px" />
            <Skeleton height="44px" width="9rem" />
          </li>
        ))}
      </ul>
    </div>
  );
}
