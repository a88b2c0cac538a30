import { MESSAGES } from '../../../../shared/messages';
import type { Order } from '../../../../shared/types';
import { apiCall, http } from '../../../lib/http';

/** GET /api/getAllMyOrders (bearer): the signed-in customer's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  const answer = await apiCall(() => http.get('getAllMyOrders').json<{ Orders: Order[] }>(), MESSAGES.ordersFetchFailed);
  return answer.Orders;
}
