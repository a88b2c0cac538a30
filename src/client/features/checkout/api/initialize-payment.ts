import { answerOf, paymentsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { InitializePaymentAnswer } from '@/shared/types';

/**
 * `POST /initializePayment`: links a Mobile Money payment to the order and answers the payment page.
 * The server charges the order's own total; `email` and `total` are the spec's fields. A guest
 * proves the order is theirs with its token.
 */
export function initializePayment(payment: { orderId: string; email: string; total: number }): Promise<InitializePaymentAnswer> {
  return apiCall(
    () => answerOf(paymentsClient.initializePayment.$post({ json: payment }, { headers: orderTokenHeaders(payment.orderId) })),
    PAGE_MESSAGES.paymentInitFailed,
  );
}
