/** Words several of the orders screens show (issue 27: finding an order without an account). */
export const ORDERS_TEXTS = {
  findOrder: 'Find an order',
  /** The mark on a card of an order found with 'Find an order'. */
  lookedUp: 'Looked up',
  lookedUpOrders: 'Orders you looked up',
  lookupFailed: 'Could not reach the shop. Check your connection and try again.',
} as const;
