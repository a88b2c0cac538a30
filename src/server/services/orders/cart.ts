import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS, mostPerOrder } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { quantityRefusal } from '@/shared/order-limits';
import type { AddToCartInput, MergeCartInput, SetCartItemInput } from '@/shared/schemas/cart';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { CartAnswer, CartLine, MergeCartAnswer } from '@/shared/types';
import type { Db } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { toProduct } from '../catalogue/products';

/**
 * The customer's server cart. The cart is a wish, not a reservation: stock is checked here so the
 * shopper hears about it early, and enforced again when the order is placed.
 */

export async function getCart(db: Db, userId: string, message?: string): Promise<CartAnswer> {
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const items: CartLine[] = rows.map(({ line, product }) => {
    const { _id, slug, name, price, productImageUrls, stock, maxPerOrder } = toProduct(product);
    return { _id: line.id, quantity: line.quantity, product: { _id, slug, name, price, productImageUrls, stock, maxPerOrder } };
  });
  return message === undefined ? { Cart: [{ items }] } : { Cart: [{ items }], message };
}

async function findProduct(db: Db, productId: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name, stock: products.stock, maxPerOrder: products.maxPerOrder })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound(MESSAGES.invalidProduct);
  return product;
}

/** The cart refuses what the order would refuse (shared/order-limits.ts). */
function assertCanTake(product: { stock: number; maxPerOrder: number | null }, wanted: number): void {
  const problem = quantityRefusal(product, wanted);
  if (problem) throw conflict(problem);
}

async function currentQuantity(db: Db, userId: string, productId: string): Promise<number> {
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

/** Adds to the line's quantity (the spec's addToCart). */
export async function addToCart(db: Db, userId: string, input: AddToCartInput): Promise<CartAnswer> {
  const product = await findProduct(db, input.productId);
  const current = await currentQuantity(db, userId, product.id);
  assertCanTake(product, current + input.quantity);
  // The update re-checks the stock and the limit, so two adds racing each other cannot pass it together.
  const written = await db
    .insert(cartItems)
    .values({ userId, productId: product.id, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= (select least(${products.stock}, ${LIMITS.maxQuantity}, coalesce(${products.maxPerOrder}, ${LIMITS.maxQuantity})) from ${products} where ${products.id} = excluded.product_id)`,
    })
    .returning({ id: cartItems.id });
  if (written.length === 0) throw conflict(quantityRefusal(product, current + input.quantity) ?? MESSAGES.onlyNInStock(product.stock));
  return getCart(db, userId, MESSAGES.addedToCart(product.name));
}

/** Sets the line to an absolute quantity; 0 removes it. Replaying it changes nothing. */
export async function setCartItem(db: Db, userId: string, input: SetCartItemInput): Promise<CartAnswer> {
  if (input.quantity === 0) {
    await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, input.productId)));
    return getCart(db, userId, MESSAGES.itemRemoved);
  }
  const product = await findProduct(db, input.productId);
  assertCanTake(product, input.quantity);
  await db
    .insert(cartItems)
    .values({ userId, productId: product.id, quantity: input.quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: input.quantity } });
  return getCart(db, userId, MESSAGES.quantityUpdated);
}

async function findOwnLine(db: Db, userId: string, lineId: string) {
  if (!isId(lineId)) throw notFound(SERVER_MESSAGES.cartLineNotFound);
  const [line] = await db
    .select({ id: cartItems.id, stock: products.stock, maxPerOrder: products.maxPerOrder })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
  // Someone else's line answers exactly like a missing one.
  if (!line) throw notFound(SERVER_MESSAGES.cartLineNotFound);
  return line;
}

export async function updateCartLine(db: Db, userId: string, lineId: string, quantity: number): Promise<CartAnswer> {
  const line = await findOwnLine(db, userId, lineId);
  if (quantity === 0) {
    await db.delete(cartItems).where(eq(cartItems.id, line.id));
    return getCart(db, userId, MESSAGES.itemRemoved);
  }
  assertCanTake(line, quantity);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  return getCart(db, userId, MESSAGES.quantityUpdated);
}

export async function removeCartLine(db: Db, userId: string, lineId: string): Promise<CartAnswer> {
  const line = await findOwnLine(db, userId, lineId);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  return getCart(db, userId, MESSAGES.itemRemoved);
}

export async function clearCart(db: Db, userId: string): Promise<CartAnswer> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return getCart(db, userId, MESSAGES.cartCleared);
}

/**
 * Adds a guest cart to the customer's cart after sign-in. Lines that cannot be added are reported,
 * never fatal: unknown or sold-out products are skipped, quantities over stock or the per-order limit are lowered to it.
 */
export async function mergeCart(db: Db, userId: string, input: MergeCartInput): Promise<MergeCartAnswer> {
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const skipped: MergeCartAnswer['skipped'] = [];
  const adjusted: MergeCartAnswer['adjusted'] = [];

  if (wanted.size > 0) {
    await db.transaction(async (tx) => {
      const ids = [...wanted.keys()];
      const found = await tx
        .select({ id: products.id, stock: products.stock, maxPerOrder: products.maxPerOrder })
        .from(products)
        .where(inArray(products.id, ids));
      const productById = new Map(found.map((p) => [p.id, p]));
      const existing = await tx
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, ids)));
      const inCart = new Map(existing.map((l) => [l.productId, l.quantity]));

      for (const [productId, quantity] of wanted) {
        const product = productById.get(productId);
        if (product === undefined) {
          skipped.push({ productId, reason: MESSAGES.invalidProduct });
          continue;
        }
        if (product.stock <= 0) {
          skipped.push({ productId, reason: MESSAGES.outOfStock });
          continue;
        }
        let total = (inCart.get(productId) ?? 0) + quantity;
        const problem = quantityRefusal(product, total);
        if (problem) {
          total = mostPerOrder(product);
          adjusted.push({ productId, quantity: total, reason: problem });
        }
        await tx
          .insert(cartItems)
          .values({ userId, productId, quantity: total })
          .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: total } });
      }
    });
  }
  return { ...(await getCart(db, userId)), skipped, adjusted };
}
