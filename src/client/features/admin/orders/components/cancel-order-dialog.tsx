import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { formatCedis } from '@/shared/money';
import type { AdminOrder } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import { refundableLeft } from './order-refunds';

/**
 * What cancelling this order does, in the owner's words: the customer is messaged (always), its
 * items go back on sale (when it holds them) and, paid, the money still to give back is due.
 */
export function cancelConsequences(order: AdminOrder): string {
  const due = order.paymentStatus === 'Paid' ? refundableLeft(order) : 0;
  return [ORDERS_TEXTS.cancelMessaged, order.stockHeld ? ORDERS_TEXTS.cancelStockBack : null, due > 0 ? ORDERS_TEXTS.cancelRefundDue(formatCedis(due)) : null]
    .filter((sentence): sentence is string => sentence !== null)
    .join(' ');
}

/** Asked before the shop cancels an order: Keep order is the safe answer and has the focus. */
export function CancelOrderDialog({ order, onConfirm, onKeep }: { order: AdminOrder; onConfirm(): void; onKeep(): void }) {
  return (
    <ConfirmDialog
      title={ORDERS_TEXTS.cancelTitle(order.orderNumber)}
      text={cancelConsequences(order)}
      confirmLabel={ORDERS_TEXTS.cancelConfirm}
      cancelLabel={ORDERS_TEXTS.cancelKeep}
      busy={false}
      onConfirm={onConfirm}
      onCancel={onKeep}
    />
  );
}
