import { answerOf, ordersClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { OrderChangeAnswer } from '@/shared/types';

/** `POST /cancelOrder/{id}`: an unpaid, pending order is cancelled and its stock returns. */
export function cancelOrder(orderId: string): Promise<OrderChangeAnswer> {
  return apiCall(
    () => answerOf(ordersClient.cancelOrder[':id'].$post({ param: { id: encodeURIComponent(orderId) } }, { headers: orderTokenHeaders(orderId) })),
    PAGE_MESSAGES.cancelFailed,
  );
}
