import type { OrderAnswer } from '@/shared/types';
import { createGuestOrder } from './create-guest-order';
import { createOrder, type OrderDetails } from './create-order';

/** An order as the checkout or the outbox places it. */
export interface OrderToPlace {
  /** A customer's order is made from their server cart; a guest's lines go along with it. */
  customer: boolean;
  details: OrderDetails;
  items: { productId: string; quantity: number }[];
  /** The attempt's idempotency key: the same on every try, so a lost answer never makes a second order. */
  key: string;
  /** The phone's token when this device confirmed the order's phone (`X-Phone-Token`). */
  proof?: Record<string, string>;
}

/** Places an order: `createOrder` for a customer, `createGuestOrder` with the cart's lines for a guest. */
export function placeOrder({ customer, details, items, key, proof }: OrderToPlace): Promise<OrderAnswer> {
  if (customer) return createOrder(details, key, proof);
  return createGuestOrder({ ...details, cart: items.map((i) => ({ productId: i.productId, quantity: String(i.quantity) })) }, key, proof);
}
