import { queryOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { ListAnswer, Order } from '@/shared/types';

/** GET /api/getAllMyOrders (bearer): the signed-in customer's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  const answer = await apiCall(() => http.get('getAllMyOrders').json<ListAnswer<'Orders', Order>>(), MESSAGES.ordersFetchFailed);
  return answer.Orders;
}

/**
 * The signed-in customer's orders. No user in the key: the cache forgets everyone's own answers on
 * sign-in and sign-out (lib/query-client.ts forgetPrivateQueries).
 */
export const myOrdersQuery = () => queryOptions({ queryKey: ['my', 'orders', 'list'] as const, queryFn: getMyOrders });
