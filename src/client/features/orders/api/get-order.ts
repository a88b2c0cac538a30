import { queryOptions } from '@tanstack/react-query';
import type { StartupAnswers } from '@/client/lib/api-client';
import { apiCall, http } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';

/**
 * GET /api/getOrderById/{id}: the owner (bearer, added by the http client) or a guest holding the
 * order's token on this device (X-Order-Token). A 404 (missing, or not the caller's) comes back as
 * an ApiFailure with status 404.
 */
export async function getOrder(id: string): Promise<Order> {
  const answer = await apiCall(
    (): Promise<StartupAnswers['order']> => http.get(`getOrderById/${encodeURIComponent(id)}`, { headers: orderTokenHeaders(id) }).json(),
    PAGE_MESSAGES.orderFetchFailed,
  );
  return answer.order;
}

/**
 * One order as its page shows it, a customer's or a guest's read with its token. The checkout
 * writes this key too (features/checkout/lib/order-cache.ts), which cannot import it from here.
 */
export const orderQuery = (id: string) => queryOptions({ queryKey: ['my', 'orders', 'detail', id] as const, queryFn: () => getOrder(id) });
