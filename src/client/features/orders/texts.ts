import { ACCOUNT_TEXTS } from '@/shared/account-texts';

/** Words several of the orders screens show (finding an order without an account). */
export const ORDERS_TEXTS = {
  /** The same name the messages sent without a link give the page. */
  findOrder: ACCOUNT_TEXTS.findOrderPage,
  /** The mark on a card of an order found with 'Find an order'. */
  lookedUp: 'Looked up',
  lookedUpOrders: 'Orders you looked up',
  lookupFailed: 'Could not reach the shop. Check your connection and try again.',
  /** The confirmation's word on the delivery chosen at the checkout, with its estimated time when the shop gave one. */
  deliveryChosen: (name: string, eta: string) => (eta ? `Delivery: ${name} (${eta}).` : `Delivery: ${name}.`),
  pickupChosen: (name: string, eta: string) => (eta ? `Pickup: ${name} (${eta}).` : `Pickup: ${name}.`),
} as const;
