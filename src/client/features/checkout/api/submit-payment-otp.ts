import { answerOf, paymentsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ChargeAnswer } from '@/shared/types';

/** `POST /submitPaymentOtp`: the code or voucher the network asked for. */
export function submitPaymentOtp(orderId: string, reference: string, otp: string): Promise<ChargeAnswer> {
  return apiCall(
    () => answerOf(paymentsClient.submitPaymentOtp.$post({ json: { reference, otp } }, { headers: orderTokenHeaders(orderId) })),
    PAGE_MESSAGES.paymentVerifyFailed,
  );
}
