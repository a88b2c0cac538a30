import { queryOptions } from '@tanstack/react-query';
import { answerOf, ordersClient } from '@/client/lib/api-client';
import { ApiFailure, apiCall } from '@/client/lib/http';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { AdminOrder, Order } from '@/shared/types';

/** GET /api/getOrderById/{id} (admin): any order; a missing one is an ApiFailure with status 404. */
export async function getOrderById(id: string): Promise<AdminOrder> {
  const answer = await apiCall(
    () => answerOf(ordersClient.getOrderById[':id'].$get({ param: { id: encodeURIComponent(id) } })),
    PAGE_MESSAGES.orderFetchFailed,
  );
  const { order } = answer;
  if (!isAdminView(order)) throw new ApiFailure(PAGE_MESSAGES.orderFetchFailed, 0);
  return order;
}

/** The server answers an admin with the admin's view of an order (its flags, disputes); a shopper's view has none. */
const isAdminView = (order: Order): order is AdminOrder => 'flags' in order;

/** One order, as the admin's order page shows it. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'detail', id] as const,
    queryFn: () => getOrderById(id),
  });
