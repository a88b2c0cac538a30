import type { DisputeStatus, RefundStatus } from '@/shared/constants';
import type { Order } from '@/shared/types';

/**
 * Texts only the admin order screens use (the spec's own texts are in shared/messages.ts). Kept here
 * rather than in shared/messages.ts: the server never sends them.
 */
export const ORDERS_TEXTS = {
  noOrders: 'No orders found',
  loadingOrders: 'Loading orders…',
  loadingOrder: 'Loading order…',
  searchHint: 'Order number, name or e-mail',
  /** Issue 29: the orders the search and filters show, every page, as a spreadsheet file. */
  exportLabel: 'Export CSV',
  exportFailed: 'Failed to export the orders',
  paymentUpdateFailed: 'Failed to update payment status',
  attention: (flag: string) => `⚠ ${flag}`,
  /** The list's badge: the first open flag, and how many more there are. */
  attentionBadge: (first: string, more: number) => (more > 0 ? `⚠ ${first} (+${more} more)` : `⚠ ${first}`),
  guest: (name: string) => `${name} (Guest)`,
  ordersFound: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
  // The "Needs attention" filter of the list
  flagFilterLabel: 'Needs attention',
  flagFilterAll: 'All orders',
  flagFilterAny: 'Any flag',
  // The order page: flags
  needsAttention: 'Needs attention',
  nothingOpen: 'Nothing needs attention on this order now.',
  clearedFlags: 'Cleared',
  raisedAt: (time: string) => `Raised ${time}`,
  clearedAt: (time: string) => `Cleared ${time}`,
  clearFlagTitle: (label: string) => `Clear flag: ${label}`,
  clearNoteLabel: 'How was this settled?',
  clearNoteHint: 'Up to 500 characters, kept with the order.',
  clearFailed: 'Failed to clear the flag',
  // The order page: refunds and disputes
  refunds: 'Refunds',
  disputes: 'Disputes',
  refundTitle: (orderNumber: string) => `Refund order ${orderNumber}`,
  refundIntro: (left: string) => `Up to ${left} can be refunded: what was paid, less refunds already made.`,
  refundAmountLabel: 'Amount to refund (₵)',
  refundToStock: 'Return the items to stock',
  refundConfirm: 'Confirm refund',
  refundStatus: { pending: 'Pending', processed: 'Processed', failed: 'Failed' } satisfies Record<RefundStatus, string>,
  disputeStatus: { open: 'Open', resolved: 'Resolved' } satisfies Record<DisputeStatus, string>,
  returnedToStock: 'items returned to stock',
  amountUnknown: 'amount not given',
  // The order page: why a cancelled order was cancelled (Order.cancelReason), and the hold's row
  cancelReasons: {
    expired: 'Its Mobile Money payment did not come in time, so its items went back on sale.',
    unconfirmed: 'Nobody confirmed it in time, so its items went back on sale.',
    shopper: 'The shopper cancelled it.',
    admin: 'The shop cancelled it.',
  } satisfies Record<NonNullable<Order['cancelReason']>, string>,
  payBy: 'Pay by',
  confirmBy: 'Confirm by',
} as const;

/** Admin lists show 10 rows a page (spec section 9). */
export const ORDERS_PER_PAGE = 10;
