import type { CartItem } from '@/client/stores/cart';
import type { AppliedPromo } from '@/client/stores/checkout';
import { discountFor, toCedis, toPesewas } from '@/shared/money';

/** Spec section 5: every line needs a product id, a price and a quantity above 0. */
export function isValidCartLine(item: CartItem): boolean {
  return Boolean(item.productId) && typeof item.price === 'number' && Number.isFinite(item.price) && Number.isFinite(item.quantity) && item.quantity > 0;
}

export const lineTotal = (item: Pick<CartItem, 'price' | 'quantity'>): number => toCedis(toPesewas(item.price) * item.quantity);

interface CartTotals {
  /** Cedis, summed in pesewas. */
  subtotal: number;
  discount: number;
  total: number;
}

/** The summary's figures, with the promo discount rounded as the server rounds it (`discountFor`). */
export function cartTotals(items: readonly CartItem[], promo: AppliedPromo | null): CartTotals {
  const subtotal = items.reduce((sum, i) => sum + toPesewas(i.price) * i.quantity, 0);
  const discount = promo ? discountFor(subtotal, promo.percent) : 0;
  return { subtotal: toCedis(subtotal), discount: toCedis(discount), total: toCedis(subtotal - discount) };
}
