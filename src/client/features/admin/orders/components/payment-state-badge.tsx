import { type BadgeTone, paymentStatusTone, StatusBadge } from '@/client/components/status-badge';
import type { RefundState } from '@/shared/back-office';
import { paymentStateLabel } from '@/shared/back-office-labels';
import type { PaymentStatus } from '@/shared/constants';

/** Paid green, Pending yellow (as the shopper's badge); money sent back is neither good nor bad news. */
const toneOf = (status: PaymentStatus, refundState: RefundState): BadgeTone =>
  refundState === 'partly' || refundState === 'refunded' ? 'neutral' : paymentStatusTone(status);

/** The payment in a word on the admin's screens: Pending, Paid, Partly refunded or Refunded. */
export function PaymentStateBadge({ order }: { order: { paymentStatus: PaymentStatus; refundState: RefundState } }) {
  return <StatusBadge text={paymentStateLabel(order.paymentStatus, order.refundState)} tone={toneOf(order.paymentStatus, order.refundState)} />;
}
