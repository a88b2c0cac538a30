import { answerOf, paymentsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { VerifyPaymentAnswer } from '@/shared/types';

/** `GET /verifyPayment/{reference}`: where the payment stands; `orderId` (when known) adds a guest's token. */
export function verifyPayment(reference: string, orderId?: string): Promise<VerifyPaymentAnswer> {
  return apiCall(
    () =>
      answerOf(
        paymentsClient.verifyPayment[':reference'].$get(
          { param: { reference: encodeURIComponent(reference) } },
          { headers: orderId ? orderTokenHeaders(orderId) : {} },
        ),
      ),
    PAGE_MESSAGES.paymentVerifyFailed,
  );
}
