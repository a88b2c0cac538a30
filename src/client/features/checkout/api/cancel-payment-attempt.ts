import { apiCall, http } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import type { ChargeAnswer } from '@/shared/types';

/** `POST /cancelPaymentAttempt`: stop waiting for this charge; the server asks the network once more first. */
export function cancelPaymentAttempt(orderId: string, reference: string): Promise<ChargeAnswer> {
  return apiCall(
    () => http.post('cancelPaymentAttempt', { json: { reference }, headers: orderTokenHeaders(orderId) }).json<ChargeAnswer>(),
    MESSAGES.paymentVerifyFailed,
  );
}
