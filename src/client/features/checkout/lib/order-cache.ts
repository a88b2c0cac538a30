import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '@/shared/types';

/*
 * What the checkout's changes to an order mean for the shopper's order pages. The keys are the
 * orders feature's (lib/queries/my-orders.ts, features/orders: api/get-order.ts, lib/device-orders.ts),
 * written out here as a feature never imports another; tests/component/queries-orders.test.tsx
 * checks that they still match.
 */

/** The customer's orders and the guest orders of this device (every set of ids). */
const ORDER_LISTS = [['my', 'orders', 'list'], ['device-orders']] as const;

/** One order's page. */
export const orderDetailKey = (orderId: string) => ['my', 'orders', 'detail', orderId] as const;

/** An order was placed or changed: the lists that show it are read again when next shown. */
export function orderListsChanged(client: QueryClient): void {
  for (const queryKey of ORDER_LISTS) void client.invalidateQueries({ queryKey });
}

/** The shopper cancelled the order: its page shows the server's answer, the lists are read again. */
export function orderCancelled(client: QueryClient, order: Order): void {
  client.setQueryData(orderDetailKey(order._id), order);
  orderListsChanged(client);
}

/**
 * The checkout is done with the order (placed, paid, sent from the outbox) and opens its page: a copy
 * kept from before (still unpaid) is dropped, so the page reads the order as it is now.
 */
export function orderFinished(client: QueryClient, orderId: string): void {
  client.removeQueries({ queryKey: orderDetailKey(orderId), exact: true });
  orderListsChanged(client);
}
