import { queryOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { AdminOrder, OrderReadAnswer } from '@/shared/types';

/** GET /api/getOrderById/{id} (admin): any order; a missing one is an ApiFailure with status 404. */
export async function getOrderById(id: string): Promise<AdminOrder> {
  const answer = await apiCall(() => http.get(`getOrderById/${encodeURIComponent(id)}`).json<OrderReadAnswer<AdminOrder>>(), MESSAGES.orderFetchFailed);
  return answer.order;
}

/** One order, as the admin's order page shows it. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'detail', id] as const,
    queryFn: () => getOrderById(id),
  });
