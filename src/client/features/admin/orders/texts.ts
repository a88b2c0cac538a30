/**
 * Texts only the admin order screens use (the spec's own texts are in shared/messages.ts). Kept here
 * rather than in shared/messages.ts: the server never sends them.
 */
export const ORDERS_TEXTS = {
  noOrders: 'No orders found',
  loadingOrders: 'Loading orders…',
  loadingOrder: 'Loading order…',
  searchHint: 'Order number, name or e-mail',
  paymentUpdateFailed: 'Failed to update payment status',
  attention: (flag: string) => `⚠ ${flag}`,
  guest: (name: string) => `${name} (Guest)`,
  ordersFound: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
} as const;

/** Admin lists show 10 rows a page (spec section 9). */
export const ORDERS_PER_PAGE = 10;
