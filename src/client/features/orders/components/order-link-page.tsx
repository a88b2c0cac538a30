import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button.css';
import { container, pageStack } from '@/client/components/primitives.css';
import { usePageTitle } from '@/client/lib/head';
import { requestStateOf } from '@/client/lib/query-client';
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
  const state = requestStateOf(query);
  return (
    <div className={`${container} ${pageStack}`}>
      {state.status === 'loading' ? (
        <OrderSkeleton />
      ) : state.status === 'error' && state.failure.status === 404 ? (
        <LinkNotValid message={state.failure.message} />
      ) : state.status === 'error' ? (
        <OrderLoadError message={state.failure.message} onRetry={() => void query.refetch()} />
      ) : (
        <OrderDetails order={state.data} viaLink />
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
