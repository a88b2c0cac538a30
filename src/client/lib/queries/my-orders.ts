import { queryOptions } from '@tanstack/react-query';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** GET /api/getAllMyOrders (bearer): the signed-in customer's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  const answer = await apiCall((): Promise<StartupAnswers['myOrders']> => http.get('getAllMyOrders').json(), PAGE_MESSAGES.ordersFetchFailed);
  return answer.Orders;
}

/**
 * The signed-in customer's orders: the order history lists them, and the checkout fills a customer's
 * empty address fields from the newest, from one cached answer. No user in the key: the cache forgets everyone's own answers on
 * sign-in and sign-out (lib/query-client.ts forgetPrivateQueries).
 */
export const myOrdersQuery = () => queryOptions({ queryKey: ['my', 'orders', 'list'] as const, queryFn: getMyOrders });
