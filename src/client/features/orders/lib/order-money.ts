import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.NaN);

/**
 * A cancelled order whose payment arrived afterwards (its hold ran out, or it was cancelled while the
 * shopper was paying): the shop refunds it or sends the order. An order paid first and cancelled by
 * the shop later is not one: its refund shows as it goes.
 */
export function paidAfterCancellation(order: Order): boolean {
  if (order.orderStatus !== 'Cancelled' || order.paymentStatus !== 'Paid') return false;
  return !(time(order.paidAt) < time(order.cancelledAt));
}

/** What the shopper is told about money sent back: what arrived, and what is on its way (failed ones are the shop's to retry). */
export function refundNotes(order: Order): string[] {
  const sum = (status: 'processed' | 'pending') =>
    toCedis((order.refunds ?? []).filter((refund) => refund.status === status).reduce((total, refund) => total + toPesewas(refund.amount), 0));
  const refunded = sum('processed');
  const pending = sum('pending');
  const notes: string[] = [];
  if (refunded > 0) notes.push(PAGE_MESSAGES.refundedAmount(formatCedis(refunded)));
  if (pending > 0) notes.push(PAGE_MESSAGES.refundPending(formatCedis(pending)));
  return notes;
}
