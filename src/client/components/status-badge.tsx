import type { OrderStatus, PaymentStatus } from '@/shared/constants';
import { badge } from './status-badge.css';

/** `neutral`: a state that is neither good nor bad news (a message only logged, with no gateway to send it). */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

/** ARCHITECTURE section 5: Delivered green, Cancelled red, every other order status yellow. */
function orderStatusTone(status: OrderStatus): BadgeTone {
  if (status === 'Delivered') return 'success';
  if (status === 'Cancelled') return 'danger';
  return 'warning';
}

/** Paid green (spec: order detail), Pending yellow. */
export function paymentStatusTone(status: PaymentStatus): BadgeTone {
  return status === 'Paid' ? 'success' : 'warning';
}

/** The status in words on a coloured pill: the colour only repeats what the text says. */
export function StatusBadge({ text, tone }: { text: string; tone: BadgeTone }) {
  return (
    <span className={badge({ tone })} data-tone={tone}>
      {text}
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge text={status} tone={orderStatusTone(status)} />;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge text={status} tone={paymentStatusTone(status)} />;
}
