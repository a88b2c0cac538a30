import { answerOf, paymentsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ChargeAnswer } from '@/shared/types';

/** `POST /cancelPaymentAttempt`: stop waiting for this charge; the server asks the network once more first. */
export function cancelPaymentAttempt(orderId: string, reference: string): Promise<ChargeAnswer> {
  return apiCall(
    () => answerOf(paymentsClient.cancelPaymentAttempt.$post({ json: { reference } }, { headers: orderTokenHeaders(orderId) })),
    PAGE_MESSAGES.paymentVerifyFailed,
  );
}
