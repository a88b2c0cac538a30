import { answerOf, paymentsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { orderTokenHeaders, type Wallet } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ChargeAnswer } from '@/shared/types';

/**
 * `POST /chargeMobileMoney`: charges the order's total to the wallet, approved on the phone. Sent
 * again after a lost answer, it gets the attempt already open (the server keeps one per order).
 */
export function chargeMobileMoney(orderId: string, wallet: Wallet): Promise<ChargeAnswer> {
  return apiCall(
    () => answerOf(paymentsClient.chargeMobileMoney.$post({ json: { orderId, ...wallet } }, { headers: orderTokenHeaders(orderId) })),
    PAGE_MESSAGES.paymentInitFailed,
  );
}
