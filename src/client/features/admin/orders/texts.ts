import { pagedListTexts } from '@/client/components/admin-list';
import type { DisputeStatus, RefundStatus } from '@/shared/back-office';
import { PAGE_MESSAGES } from '@/shared/page-messages';
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
  /** The orders the search and filters show, every page, as a spreadsheet file. */
  exportLabel: 'Export CSV',
  exportFailed: 'Failed to export the orders',
  paymentUpdateFailed: 'Failed to update payment status',
  attention: (flag: string) => `⚠ ${flag}`,
  /** The list's badge: the first open flag, and how many more there are. */
  attentionBadge: (first: string, more: number) => (more > 0 ? `⚠ ${first} (+${more} more)` : `⚠ ${first}`),
  guest: (name: string) => `${name} (Guest)`,
  /** An order the shop entered without an e-mail (its placeholder is never shown). */
  noEmail: 'None',
  ordersFound: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
  paymentFilterLabel: 'Payment',
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
  // The question before the shop cancels an order: what happens, and the money owed back
  cancelTitle: (orderNumber: string) => `Cancel order ${orderNumber}?`,
  cancelMessaged: 'The customer gets a message saying the order is cancelled.',
  cancelStockBack: 'Its items go back on sale.',
  cancelRefundDue: (amount: string) => `It is paid, so a refund of ${amount} is due: the order shows “Refund due” until you settle it.`,
  cancelConfirm: 'Cancel order',
  cancelKeep: 'Keep order',
  // The order page's header: its two badges, named
  orderStatusBadgeLabel: 'Order status',
  paymentBadgeLabel: 'Payment',
  payBy: 'Pay by',
  confirmBy: 'Confirm by',
} as const;

/** Admin lists show 10 rows a page (spec section 9). */
export const ORDERS_PER_PAGE = 10;

/** The words of "Record an order" (an order taken by phone or WhatsApp). */
export const ENTER_ORDER_TEXTS = {
  title: 'Record an order',
  link: 'Record an order',
  intro: 'An order taken by phone or WhatsApp: stock is taken as for an order on the shop.',
  failed: 'Could not record the order. Check your connection and try again: the same order will not be made twice.',
  enteredBadge: 'Entered by the shop',
  // Products
  productsLegend: 'Products',
  searchLabel: 'Find a product',
  searchHint: 'Type part of its name.',
  noMatch: 'No product matches.',
  loadingProducts: 'Loading products…',
  add: 'Add',
  added: 'Added',
  soldOut: 'Sold out',
  inStock: (n: number) => `${n} in stock`,
  noLines: 'No products yet: find one above and add it.',
  linesCaption: 'Products in this order',
  quantityLabel: (name: string) => `Quantity of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  mostAllowed: (n: number) => `At most ${n} of this product in one order.`,
  tooMany: (name: string, n: number) => (n === 0 ? `${name} is sold out: remove it.` : `Only ${n} of ${name} can be ordered now.`),
  // Customer and address
  customerLegend: 'Customer',
  addressLegend: 'Address and delivery',
  gpsLabel: 'GhanaPost GPS address (optional)',
  gpsHint: 'e.g. GA-183-8164.',
  landmarkLabel: 'Landmark / directions (optional)',
  deliveryLegend: 'Delivery option',
  locateFirst: 'Choose the customer’s region and enter the city to see the delivery options.',
  loadingDelivery: 'Loading delivery options…',
  paidToRider: 'Paid to the rider',
  pickup: 'Collected at the shop: no address needed.',
  addressForPickup: 'Address (not needed for pickup)',
  // Promo
  promoLabel: 'Promo code (optional)',
  promoApply: 'Apply',
  promoRemove: 'Remove promo',
  // Payment
  paymentLegend: 'Payment',
  payments: {
    cash: { name: 'Cash on Delivery', hint: 'Paid when the order arrives.' },
    momo_prompt: { name: 'Mobile Money prompt', hint: 'The customer approves the payment on their phone now.' },
    momo_link: { name: 'Mobile Money payment link by SMS', hint: 'The customer gets an SMS with a link to pay.' },
  },
  // How the order starts
  statusLegend: 'Order status',
  statuses: {
    Processing: { name: 'Processing', hint: 'Confirmed with the customer: ready to pack and send.' },
    Pending: { name: 'Pending', hint: 'Still to confirm with the customer: it waits under “Waiting for confirmation” on the dashboard.' },
  },
  regionPlaceholder: 'Choose the customer’s region',
  walletLabel: 'Mobile Money number',
  walletHint: 'The wallet the prompt goes to: the customer’s phone unless they say another.',
  networkLabel: 'Network',
  networkPlaceholder: 'Choose the network',
  // Summary and submit
  summaryTitle: 'Summary',
  subtotal: 'Subtotal',
  discount: (code: string) => `Discount (${code})`,
  delivery: 'Delivery',
  deliveryToAgree: 'To be agreed',
  total: 'Total',
  submit: 'Record order',
  submitting: 'Recording order…',
  deliveryChanged: 'Check the delivery below, then record the order again.',
  paymentLinkTitle: 'Payment link sent',
  copyLink: 'Copy link',
  linkCopied: 'Link copied.',
} as const;

/** What the orders list says: its failure, its loading line, its count and its pager's name. */
export const ORDERS_LIST_TEXTS = pagedListTexts(PAGE_MESSAGES.ordersFetchFailed, ORDERS_TEXTS.loadingOrders, ORDERS_TEXTS.ordersFound, 'Orders pages');
