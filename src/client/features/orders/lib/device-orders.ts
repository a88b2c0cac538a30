import { queryOptions } from '@tanstack/react-query';
import { ApiFailure } from '@/client/lib/http';
import type { Order } from '@/shared/types';
import { getOrder } from '../api/get-order';

/**
 * The guest orders this device holds tokens for, newest first: one call per order with its token.
 * An order the server no longer shows (404: removed, or a token it does not know) is left out;
 * any other failure fails the whole list, so it can be tried again.
 */
async function getDeviceOrders(orderIds: readonly string[]): Promise<Order[]> {
  const results = await Promise.allSettled(orderIds.map((id) => getOrder(id)));
  const orders: Order[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') orders.push(result.value);
    else if (!(result.reason instanceof ApiFailure && result.reason.status === 404)) throw result.reason;
  }
  return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The ids of the orders this device holds tokens for, newest first (the checkout store keeps the newest last). */
export const deviceOrderIds = (orderTokens: Readonly<Record<string, string>>): string[] => Object.keys(orderTokens).reverse();

/** The guest orders of these ids: another set of tokens (an order placed since) is another list. */
export const deviceOrdersQuery = (orderIds: readonly string[]) =>
  queryOptions({ queryKey: ['device-orders', ...orderIds] as const, queryFn: () => getDeviceOrders(orderIds) });
