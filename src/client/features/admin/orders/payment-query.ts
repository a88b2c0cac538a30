import type { RefundState } from '@/shared/back-office';
import type { PaymentStatus } from '@/shared/constants';
import type { PaymentFilter } from './orders-search';

/** The payment filter as the API's query: `paymentStatus` and `refundState` (Paid: paid with nothing refunded). */
export function paymentQueryOf(payment: PaymentFilter | undefined): { paymentStatus?: PaymentStatus; refundState?: RefundState } {
  if (payment === 'Pending') return { paymentStatus: 'Pending' };
  if (payment === 'Paid') return { paymentStatus: 'Paid', refundState: 'none' };
  if (payment === undefined) return {};
  return { refundState: payment };
}
