import { MESSAGES } from '../../../../shared/messages';
import type { OrderChangeAnswer } from '../../../../shared/types';
import { apiCall, http } from '../../../lib/http';
import { orderTokenHeaders } from '../../../stores/checkout';

/** `POST /cancelOrder/{id}`: an unpaid, pending order is cancelled and its stock returns. */
export function cancelOrder(orderId: string): Promise<OrderChangeAnswer> {
  return apiCall(
    () => http.post(`cancelOrder/${encodeURIComponent(orderId)}`, { headers: orderTokenHeaders(orderId) }).json<OrderChangeAnswer>(),
    MESSAGES.cancelFailed,
  );
}
