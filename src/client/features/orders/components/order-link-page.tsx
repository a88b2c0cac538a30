import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { container, pageStack } from '@/client/components/primitives.css';
import { usePageTitle } from '@/client/lib/head';
import { orderByLinkQuery } from '../api/get-order-by-link';
import { ORDERS_TEXTS } from '../texts';
import * as detail from './order-detail.css';
import { OrderDetails, OrderLoadError, OrderSkeleton } from './order-detail-page';
import * as styles from './orders.css';

/**
 * /o/{code}: the order a message's short link names, read-only, as its shopper's order page shows
 * it, for whoever holds the link: no sign-in, no order token on this device. A new code is a new page.
 */
export function OrderLinkPage({ code }: { code: string }) {
  return <OrderLinkScreen key={code} code={code} />;
}

function OrderLinkScreen({ code }: { code: string }) {
  const query = useQuery(orderByLinkQuery(code));
  // The order once it is in (a failed refetch leaves it shown); the failure only when none came.
  return (
    <div className={`${container} ${pageStack}`}>
      {query.data ? (
        <OrderDetails order={query.data} viaLink />
      ) : !query.isLoadingError ? (
        <OrderSkeleton />
      ) : query.error.status === 404 ? (
        <LinkNotValid message={query.error.message} />
      ) : (
        <OrderLoadError message={query.error.message} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}

/** A link that is wrong or has run out: the server's words, then signing in (the shopper's orders), finding the order by its number, or the shop. */
function LinkNotValid({ message }: { message: string }) {
  usePageTitle('Order link not valid');
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>Order link not valid</h1>
      <p className={detail.note}>{message}</p>
      <Link to="/signin" search={{ redirect: '/orders' }} className={button({ tone: 'primary' })}>
        Sign in
      </Link>
      <Link to="/orders/lookup" className={button({ tone: 'quiet' })}>
        {ORDERS_TEXTS.findOrder}
      </Link>
      <Link to="/products" className={button({ tone: 'quiet' })}>
        Go to the shop
      </Link>
    </div>
  );
}
