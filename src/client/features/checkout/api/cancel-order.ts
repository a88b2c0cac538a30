import { apiCall, http } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import type { OrderChangeAnswer } from '@/shared/types';

/** `POST /cancelOrder/{id}`: an unpaid, pending order is cancelled and its stock returns. */
export function cancelOrder(orderId: string): Promise<OrderChangeAnswer> {
  return apiCall(
    () => http.post(`cancelOrder/${encodeURIComponent(orderId)}`, { headers: orderTokenHeaders(orderId) }).json<OrderChangeAnswer>(),
    MESSAGES.cancelFailed,
  );
}
