import { MESSAGES } from '../../../../shared/messages';
import type { ChargeAnswer } from '../../../../shared/types';
import { apiCall, http } from '../../../lib/http';
import { orderTokenHeaders } from '../../../stores/checkout';

/** `POST /cancelPaymentAttempt`: stop waiting for this charge; the server asks the network once more first. */
export function cancelPaymentAttempt(orderId: string, reference: string): Promise<ChargeAnswer> {
  return apiCall(
    () => http.post('cancelPaymentAttempt', { json: { reference }, headers: orderTokenHeaders(orderId) }).json<ChargeAnswer>(),
    MESSAGES.paymentVerifyFailed,
  );
}
