/**
 * What the shop's back office names (the admin area and the server, never a shopper's first screen):
 * an order's typed flags, the messages the shop sends and their states, refunds and disputes. Apart
 * from constants.ts, which every page's start-up carries (issue 44).
 */
/**
 * Typed admin flags on an order (ARCHITECTURE §8b): something a person must look at. Admin-only,
 * never in a shopper's answer; each is raised once while open and cleared by an admin with a note.
 */
export const ORDER_FLAGS = [
  'refund_due',
  'paid_after_expiry',
  'paid_after_cancellation',
  'amount_mismatch',
  'paid_twice',
  'refund_failed',
  'dispute_opened',
  'test_payment',
  'paid_without_stock',
] as const;
export type OrderFlagKind = (typeof ORDER_FLAGS)[number];

/**
 * Messages the shop sends (ARCHITECTURE §5b), each written to the outbox in the same transaction as
 * the event that causes it. Shopper messages go by SMS and e-mail; owner alerts to the owner's
 * contacts in the admin-only alert settings.
 */
export const MESSAGE_KINDS = [
  'order_received',
  'payment_received',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_made',
  'owner_new_order',
  'owner_payment_flag',
  'owner_low_stock',
  'password_reset',
  'payment_link',
  'phone_code',
  'owner_backup_failed',
  'owner_disk_full',
  'owner_sms_credit_low',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/**
 * queued: waiting to go (or to be tried again); sending: handed to the gateway; logged: no gateway configured, shown here only;
 * unknown: the gateway may or may not have taken it (its answer was lost): never sent again by itself, only by an admin's resend.
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'logged', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** The flags that alert the owner as they are raised (the rest are the shop's own bookkeeping). */
export const ALERTING_FLAGS = [
  'paid_after_expiry',
  'amount_mismatch',
  'paid_twice',
  'refund_failed',
  'dispute_opened',
  'paid_without_stock',
] as const satisfies readonly OrderFlagKind[];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * How much of an order's money has gone back (`Order.refundState`), beside the spec's `Pending |
 * Paid`: derived from its processed refunds, none, part of the total, or all of it.
 */
export const REFUND_STATES = ['none', 'partly', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
