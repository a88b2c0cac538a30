import { apiCall, http } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import type { VerifyPaymentAnswer } from '@/shared/types';

/** `GET /verifyPayment/{reference}`: where the payment stands; `orderId` (when known) adds a guest's token. */
export function verifyPayment(reference: string, orderId?: string): Promise<VerifyPaymentAnswer> {
  return apiCall(
    () => http.get(`verifyPayment/${encodeURIComponent(reference)}`, { headers: orderId ? orderTokenHeaders(orderId) : {} }).json<VerifyPaymentAnswer>(),
    MESSAGES.paymentVerifyFailed,
  );
}
