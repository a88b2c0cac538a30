import { MESSAGES } from '../../../../shared/messages';
import type { Order } from '../../../../shared/types';
import { apiCall, http } from '../../../lib/http';
import { orderTokenHeaders } from '../../../stores/checkout';

/** `POST /cancelOrder/{id}`: an unpaid, pending order is cancelled and its stock returns. */
export function cancelOrder(orderId: string): Promise<{ message: string; order: Order }> {
  return apiCall(
    () => http.post(`cancelOrder/${encodeURIComponent(orderId)}`, { headers: orderTokenHeaders(orderId) }).json<{ message: string; order: Order }>(),
    MESSAGES.cancelFailed,
  );
}
