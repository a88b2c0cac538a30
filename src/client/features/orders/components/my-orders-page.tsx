import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { button } from '@/client/components/button';
import { LoadFailure } from '@/client/components/load-failure';
import { container, pageStack } from '@/client/components/primitives.css';
import { ShopProductsLink } from '@/client/components/shop-products-link';
import { usePageTitle } from '@/client/lib/head';
import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import { useHydrated } from '@/client/stores/use-hydrated';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { deviceOrderIds, deviceOrdersQuery } from '../lib/device-orders';
import { ORDERS_TEXTS } from '../texts';
import { LookedUpOrders } from './looked-up-orders';
import { OrderCard, OrderCardsSkeleton } from './order-card';
import * as styles from './orders.css';

/**
 * /orders. Signed in: the customer's orders (GET /getAllMyOrders). Signed out: a way to sign in,
 * and the guest orders placed on this device (read with the order tokens the checkout kept). Either
 * way: the way to find an order by its number, and the orders found so on this device.
 */
export function MyOrdersPage() {
  usePageTitle(SHOP_TEXTS.myOrders);
  const userId = useSession((s) => s.session?.userId ?? null);
  return (
    <div className={`${container} ${pageStack}`}>
      <h1 className={styles.title}>{SHOP_TEXTS.myOrders}</h1>
      {userId ? (
        <>
          <p className={styles.lookupLine}>
            Ordered without signing in, or for someone else? <Link to="/orders/lookup">{ORDERS_TEXTS.findOrder}</Link>
          </p>
          <CustomerOrders key={userId} />
        </>
      ) : (
        <SignedOut />
      )}
      <LookedUpOrders signedIn={userId !== null} />
    </div>
  );
}

function CustomerOrders() {
  const query = useQuery(myOrdersQuery());
  const retry = () => void query.refetch();
  // The orders once they are in (a failed refetch leaves them shown); the failure only when none came.
  const orders = query.data;
  if (query.isLoadingError) return <LoadFailure message={query.error.message} onRetry={retry} />;
  if (!orders) return <OrderCardsSkeleton label="Loading your orders" />;
  if (orders.length === 0) return <NoOrders />;
  return <OrderList orders={orders} label="Your orders" headingLevel={2} />;
}

function OrderList({ orders, label, headingLevel }: { orders: Order[]; label: string; headingLevel: 2 | 3 }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {orders.map((order) => (
        <li key={order._id}>
          <OrderCard order={order} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function NoOrders() {
  return (
    <div className={styles.empty}>
      <p className={styles.noticeText}>{PAGE_MESSAGES.noOrders}</p>
      <ShopProductsLink />
    </div>
  );
}

function SignedOut() {
  return (
    <>
      <div className={styles.notice}>
        <p className={styles.noticeText}>{PAGE_MESSAGES.ordersSignInRequired}</p>
        <div className={styles.noticeActions}>
          <Link to="/signin" search={{ redirect: '/orders' }} className={button({ tone: 'primary' })}>
            Sign in
          </Link>
          {/* Guests have no account: their order number and phone or e-mail find it. */}
          <Link to="/orders/lookup" className={button({ tone: 'quiet' })}>
            {ORDERS_TEXTS.findOrder}
          </Link>
        </div>
      </div>
      <DeviceOrders />
    </>
  );
}

/** Guest orders this device holds tokens for; nothing at all when it holds none. */
function DeviceOrders() {
  const hydrated = useHydrated(useCheckout);
  const orderTokens = useCheckout((s) => s.orderTokens);
  const orderIds = useMemo(() => deviceOrderIds(orderTokens), [orderTokens]);
  if (!hydrated || orderIds.length === 0) return null;
  return <DeviceOrderList orderIds={orderIds} />;
}

function DeviceOrderList({ orderIds }: { orderIds: string[] }) {
  const query = useQuery(deviceOrdersQuery(orderIds));
  const retry = () => void query.refetch();
  const orders = query.data;
  // Every token answered 404 (orders gone): there is nothing to show.
  if (orders?.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="device-orders-title">
      <h2 id="device-orders-title" className={styles.sectionTitle}>
        Orders placed on this device
      </h2>
      {orders ? (
        <OrderList orders={orders} label="Orders placed on this device" headingLevel={3} />
      ) : query.isLoadingError ? (
        <LoadFailure message={query.error.message} onRetry={retry} />
      ) : (
        <OrderCardsSkeleton label="Loading the orders placed on this device" count={Math.min(orderIds.length, 2)} />
      )}
    </section>
  );
}
