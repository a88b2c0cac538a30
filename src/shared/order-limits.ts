import { mostPerOrder } from './constants';
import { MESSAGES } from './messages';

/**
 * Why `wanted` of a product cannot go into one order, in the server's order (sold out, short, over
 * the per-order limit); undefined when it can. The order, the server cart and the guest cart all say
 * it with these words.
 */
export function quantityRefusal(product: { stock: number; maxPerOrder?: number | null }, wanted: number): string | undefined {
  if (product.stock <= 0) return MESSAGES.outOfStock;
  if (wanted > product.stock) return MESSAGES.onlyNInStock(product.stock);
  const limit = mostPerOrder(product);
  return wanted > limit ? MESSAGES.atMostPerOrder(limit) : undefined;
}
