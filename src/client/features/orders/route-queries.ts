import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import type { RouterContext } from '../../lib/query-client';
import { useCheckout } from '../../stores/checkout';
import { useLookedUpOrders } from '../../stores/looked-up-orders';
import { useSession } from '../../stores/session';
import { orderQuery } from './api/get-order';
import { orderByLinkQuery } from './api/get-order-by-link';
import { deviceOrderIds, deviceOrdersQuery } from './lib/device-orders';

/*
 * What the orders routes' loaders start fetching: the same queries, with the same keys, that the
 * pages then read. Only what the page is sure to ask for: the guest's token store is read back from
 * IndexedDB asynchronously, and until it is the page decides (and fetches) by itself.
 */

/** /orders: the customer's orders, or a guest's orders placed on this device; and the orders looked up on it. */
export function ordersPageQueries() {
  return [...ownOrdersQueries(), ...lookedUpOrdersQueries()];
}

function ownOrdersQueries() {
  if (useSession.getState().session) return [myOrdersQuery()];
  if (!useCheckout.persist.hasHydrated()) return [];
  const orderIds = deviceOrderIds(useCheckout.getState().orderTokens);
  return orderIds.length > 0 ? [deviceOrdersQuery(orderIds)] : [];
}

/** Each looked-up order by its link; one the page lists elsewhere too is read once more, which is cheap. */
function lookedUpOrdersQueries() {
  if (!useLookedUpOrders.persist.hasHydrated()) return [];
  return Object.values(useLookedUpOrders.getState().lookedUpOrders).map((code) => orderByLinkQuery(code));
}

/** /order/{id}: the order, when the page may read it (signed in, or the order's token on this device). */
export function orderPageQueries(id: string) {
  const signedIn = useSession.getState().session !== null;
  const hasToken = useCheckout.persist.hasHydrated() && Object.hasOwn(useCheckout.getState().orderTokens, id);
  return signedIn || hasToken ? [orderQuery(id)] : [];
}

/**
 * /o/{code}: the order of a message's link; in the browser only. The server renders public pages
 * from the catalogue and settings alone: there the page draws its skeleton, and the browser reads the order.
 */
export function orderLinkPageQueries(code: string, { serverQuery }: RouterContext) {
  return serverQuery ? [] : [orderByLinkQuery(code)];
}
