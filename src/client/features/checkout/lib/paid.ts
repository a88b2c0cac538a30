import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { VerifyPaymentAnswer } from '@/shared/types';
import { ORDER_TOAST_MS, PAID_LATE_TOAST_MS, PAYMENT_TOAST_ID } from './timing';

/**
 * How a paid order ends the checkout: `confirmed`, or `cancelled` when the payment landed on an order
 * already cancelled (its hold ran out, or the shop cancelled it). That one is no confirmation: the
 * shop refunds it or sends the order, and the shopper is told so, never 'Order confirmed'.
 */
export type PaidOutcome = 'confirmed' | 'cancelled';

/** Says what a successful payment check means (a toast) and how the page goes on. */
export function announcePaid(answer: Pick<VerifyPaymentAnswer, 'orderStatus'>): PaidOutcome {
  if (answer.orderStatus === 'Cancelled') {
    toast.error(PAGE_MESSAGES.paidAfterCancellation, { id: PAYMENT_TOAST_ID, duration: PAID_LATE_TOAST_MS });
    return 'cancelled';
  }
  toast.success(PAGE_MESSAGES.orderConfirmed, { id: PAYMENT_TOAST_ID, duration: ORDER_TOAST_MS });
  return 'confirmed';
}
