import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { quantityRefusal } from '@/shared/order-limits';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { orderItems, orders, products } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';

/*
 * Every stock move of the shop, in one place: taking stock for a new order, giving an order's stock
 * back (cancel, expiry, a refund with its items returned) and taking it again (an order restored or
 * reopened). `orders.stock_held` says whether an order's lines are out of stock now, so each move
 * happens once however many paths ask for it. Product rows are always locked in id order, so two
 * transactions never wait on each other in a circle. Callers raise `catalogueChanged` after commit, naming the products (`{ kind: 'stock' }`).
 */

export interface TakenLine {
  productId: string;
  quantity: number;
  name: string;
  pricePesewas: number;
  images: string[];
  /** The product's stock once this line is taken. */
  stockLeft: number;
}

/** Why a line cannot be bought: the spec's texts (or the per-order limit), with the product named in `errors`. */
async function stockRefusal(tx: Tx, productId: string, quantity: number): Promise<AppError> {
  const [product] = await tx
    .select({ name: products.name, stock: products.stock, maxPerOrder: products.maxPerOrder })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) {
    return new AppError(409, PAGE_MESSAGES.invalidCartItems, [{ path: ['cart', productId], message: MESSAGES.invalidProduct }]);
  }
  // The stock may have come back since the update missed it: then it was short a moment ago.
  const message = quantityRefusal(product, quantity) ?? MESSAGES.onlyNInStock(product.stock);
  return new AppError(409, message, [{ path: ['cart', productId], message: `${product.name}: ${message}` }]);
}

/**
 * Takes the stock of a new order's lines (product id → quantity), or throws a 409 for the first line
 * that is short or over the product's per-order limit (constants.ts mostPerOrder: one anonymous order
 * must not be able to hold the whole stock). With `take: false` (an unverified order past the share
 * unverified orders may hold) the same checks and prices, and the stock stays.
 */
export async function takeStockForOrder(tx: Tx, wanted: Map<string, number>, options: { take: boolean } = { take: true }): Promise<TakenLine[]> {
  const taken: TakenLine[] = [];
  for (const productId of [...wanted.keys()].sort()) {
    const quantity = wanted.get(productId) ?? 0;
    const fits = and(
      eq(products.id, productId),
      gte(products.stock, quantity),
      sql`${quantity} <= least(${LIMITS.maxQuantity}, coalesce(${products.maxPerOrder}, ${LIMITS.maxQuantity}))`,
    );
    const line = { name: products.name, pricePesewas: products.pricePesewas, images: products.images, stockLeft: products.stock };
    const [row] = options.take
      ? await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}`, unitsSold: sql`${products.unitsSold} + ${quantity}` })
          .where(fits)
          .returning(line)
      : await tx.select(line).from(products).where(fits);
    if (!row) throw await stockRefusal(tx, productId, quantity);
    taken.push({ productId, quantity, ...row });
  }
  return taken;
}

/** What open unverified orders hold of these products now (product id → units). */
async function unverifiedHolds(tx: Tx, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, productIds),
        sql`${orders.verification} <> 'verified'`,
        eq(orders.stockHeld, true),
        eq(orders.paymentStatus, 'Pending'),
        sql`${orders.orderStatus} <> 'Cancelled'`,
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, row.units]));
}

/**
 * Whether an order whose buyer is not shown to be real may hold these lines: with them,
 * the open unverified orders together hold at most `sharePercent` of each product's stock (what is
 * on sale plus what they hold). The products are locked first, in id order, so two unverified orders
 * never both slip under the share; the lock is the one taking the stock takes next.
 */
export async function fitsUnverifiedShare(tx: Tx, wanted: Map<string, number>, sharePercent: number): Promise<boolean> {
  const ids = [...wanted.keys()].sort();
  if (ids.length === 0) return true;
  const rows = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const held = await unverifiedHolds(tx, ids);
  return rows.every((row) => {
    const holding = held.get(row.id) ?? 0;
    const quantity = wanted.get(row.id) ?? 0;
    return holding + quantity <= Math.floor(((row.stock + holding) * sharePercent) / 100);
  });
}

/** An order's lines summed per product, in id order (the lock order). */
function orderLines(tx: Tx, orderId: string) {
  return tx
    .select({ productId: orderItems.productId, name: sql<string>`min(${orderItems.name})`, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
}

/**
 * Gives an order's stock back if it holds any. The caller holds the order's row lock. Answers the
 * products whose stock moved (none when the order held no stock), for the "catalogue changed" signal.
 */
export async function releaseOrderStock(tx: Tx, orderId: string): Promise<string[]> {
  const [held] = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (!held) return [];
  const lines = await orderLines(tx, orderId);
  for (const line of lines) {
    // A deleted product has nothing to return to.
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
  return lines.map((line) => line.productId);
}

/**
 * Takes an order's stock again, every line or none: the products are locked and checked before any
 * is changed, so a shortfall leaves everything as it was. The caller holds the order's row lock.
 * Answers `{ moved }` (the products whose stock moved; none when the order already held its stock),
 * or `{ short }` with the spec-style text naming the first line that cannot be met.
 */
export async function retakeOrderStock(tx: Tx, orderId: string): Promise<{ moved: string[] } | { short: string }> {
  const [order] = await tx.select({ stockHeld: orders.stockHeld }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.stockHeld) return { moved: [] };
  const lines = await orderLines(tx, orderId);
  const ids = lines.map((line) => line.productId);
  const rows = ids.length
    ? await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update')
    : [];
  const stockOf = new Map(rows.map((row) => [row.id, row.stock]));
  for (const line of lines) {
    const stock = stockOf.get(line.productId);
    if (stock === undefined) return { short: SERVER_MESSAGES.restockGone(line.name) };
    if (stock < line.quantity) return { short: SERVER_MESSAGES.restockShort(line.name, stock) };
  }
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, unitsSold: sql`${products.unitsSold} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, orderId));
  return { moved: ids };
}
