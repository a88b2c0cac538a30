import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { LoadFailure } from '@/client/components/load-failure';
import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import { useCheckout } from '@/client/stores/checkout';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { useHydrated } from '@/client/stores/use-hydrated';
import { orderByLinkQuery } from '../api/get-order-by-link';
import { ORDERS_TEXTS } from '../texts';
import { OrderCard, OrderCardsSkeleton } from './order-card';
import * as styles from './orders.css';

/**
 * The orders found with 'Find an order' on this device, each read by its link (GET /orderByLink,
 * the cache /o/{code} shares), newest first and marked 'Looked up'. An order the page already lists
 * (a customer's own, or a guest order placed on this device) is not listed twice.
 */
export function LookedUpOrders({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated(useLookedUpOrders);
  const lookedUp = useLookedUpOrders((s) => s.lookedUpOrders);
  const listedElsewhere = useListedElsewhere(signedIn);
  // Newest first: the store keeps the newest last.
  const entries = useMemo(
    () =>
      listedElsewhere
        ? Object.entries(lookedUp)
            .reverse()
            .filter(([id]) => !listedElsewhere.has(id))
        : [],
    [lookedUp, listedElsewhere],
  );
  if (!hydrated || entries.length === 0) return null;
  return <LookedUpList entries={entries} />;
}

/**
 * The ids of the orders the page lists above: the customer's, or the guest orders of this device.
 * Null while the customer's list is still on its way (an order of theirs would show twice meanwhile);
 * if it fails, nothing is left out.
 */
function useListedElsewhere(signedIn: boolean): ReadonlySet<string> | null {
  // Read from the cache only: the customer's list above asks for it.
  const mine = useQuery({ ...myOrdersQuery(), enabled: false });
  const orderTokens = useCheckout((s) => s.orderTokens);
  const waiting = signedIn && mine.data === undefined && !mine.error;
  return useMemo(() => {
    if (waiting) return null;
    return new Set(signedIn ? (mine.data ?? []).map((order) => order._id) : Object.keys(orderTokens));
  }, [waiting, signedIn, mine.data, orderTokens]);
}

function LookedUpList({ entries }: { entries: [orderId: string, code: string][] }) {
  const forget = useLookedUpOrders((s) => s.forget);
  const results = useQueries({ queries: entries.map(([, code]) => orderByLinkQuery(code)) });

  // A link that now answers 404 (run out, or the order is gone) leaves the list without a word:
  // there is nothing the shopper could do about it.
  const gone = entries.filter((_, i) => results[i]?.error?.status === 404).map(([orderId]) => orderId);
  const goneKey = gone.join(' ');
  useEffect(() => {
    for (const orderId of goneKey ? goneKey.split(' ') : []) forget(orderId);
  }, [goneKey, forget]);

  const shown = entries.flatMap(([, code], i) => {
    const order = results[i]?.data;
    return order ? [{ order, code }] : [];
  });
  shown.sort((a, b) => b.order.createdAt.localeCompare(a.order.createdAt));
  const loading = results.some((result) => result.data === undefined && (result.isFetching || !result.error));
  const failed = results.find((result) => result.data === undefined && result.error && result.error.status !== 404 && !result.isFetching);
  const retry = () => {
    for (const result of results) if (result.error) void result.refetch();
  };

  // Every link answered 404: nothing left to show (the entries go with the effect above).
  if (!loading && !failed && shown.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="looked-up-orders-title">
      <h2 id="looked-up-orders-title" className={styles.sectionTitle}>
        {ORDERS_TEXTS.lookedUpOrders}
      </h2>
      {loading ? (
        <OrderCardsSkeleton label="Loading the orders you looked up" count={Math.min(entries.length, 2)} />
      ) : failed?.error ? (
        <LoadFailure message={failed.error.message} onRetry={retry} />
      ) : (
        <ul className={styles.list} aria-label={ORDERS_TEXTS.lookedUpOrders}>
          {shown.map(({ order, code }) => (
            <li key={order._id}>
              <OrderCard order={order} headingLevel={3} linkCode={code} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
