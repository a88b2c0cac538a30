import type { MessageKind, OrderFlagKind, RefundState } from './back-office';
import type { PaymentStatus } from './constants';

/**
 * How the admin area and the owner's messages name an order's flags and the messages the shop sends.
 * Apart from back-office.ts, whose lists the admin routes' address checks read with the route tree
 * (every page's start-up): these load with the admin screens.
 */
export const ORDER_FLAG_LABELS: Record<OrderFlagKind, string> = {
  refund_due: 'Refund due',
  paid_after_expiry: 'Paid after expiry: refund or fulfil',
  paid_after_cancellation: 'Paid after cancellation',
  amount_mismatch: 'Amount mismatch',
  paid_twice: 'Paid twice',
  refund_failed: 'Refund failed',
  dispute_opened: 'Dispute opened',
  test_payment: 'Test payment',
  paid_without_stock: 'Paid, items not put aside: fulfil or refund',
};

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  order_received: 'Order received',
  payment_received: 'Payment received',
  order_shipped: 'Order shipped',
  order_delivered: 'Order delivered',
  order_cancelled: 'Order cancelled',
  refund_made: 'Refund made',
  owner_new_order: 'Owner: new order',
  owner_payment_flag: 'Owner: payment flag',
  owner_low_stock: 'Owner: low stock',
  password_reset: 'Password reset',
  payment_link: 'Payment link',
  phone_code: 'Phone code',
  owner_backup_failed: 'Owner: backup failed',
  owner_disk_full: 'Owner: disk nearly full',
  owner_sms_credit_low: 'Owner: SMS credit low',
};

/** An order refunded in part or in full says so where its payment status would say Paid. */
export const REFUND_STATE_LABELS: Record<Exclude<RefundState, 'none'>, string> = {
  partly: 'Partly refunded',
  refunded: 'Refunded',
};

/** The payment in a word, as the admin's badges, filter and CSV say it: Pending, Paid, Partly refunded or Refunded. */
export function paymentStateLabel(paymentStatus: PaymentStatus, refundState: RefundState): string {
  return refundState === 'partly' || refundState === 'refunded' ? REFUND_STATE_LABELS[refundState] : paymentStatus;
}
