import { MESSAGES } from '../../../../shared/messages';
import type { Order } from '../../../../shared/types';
import { apiCall, http } from '../../../lib/http';
import { orderTokenHeaders } from '../../../stores/checkout';

/**
 * GET /api/getOrderById/{id}: the owner (bearer, added by the http client) or a guest holding the
 * order's token on this device (X-Order-Token). A 404 (missing, or not the caller's) comes back as
 * an ApiFailure with status 404.
 */
export async function getOrder(id: string): Promise<Order> {
  const answer = await apiCall(
    () => http.get(`getOrderById/${encodeURIComponent(id)}`, { headers: orderTokenHeaders(id) }).json<{ order: Order }>(),
    MESSAGES.orderFetchFailed,
  );
  return answer.order;
}
