import { queryOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { ListAnswer, Order } from '@/shared/types';

/**
 * GET /api/getAllMyOrders (bearer), newest first: the checkout fills a customer's empty address fields
 * from their newest order. The same key and answer as the order history's query
 * (features/orders/api/get-my-orders.ts), so the two share one cached answer; a feature does not
 * import another's, hence this copy (it belongs in lib/queries once both can use it there).
 */
export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['my', 'orders', 'list'] as const,
    queryFn: async () => (await apiCall(() => http.get('getAllMyOrders').json<ListAnswer<'Orders', Order>>(), MESSAGES.ordersFetchFailed)).Orders,
  });
