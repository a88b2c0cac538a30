import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { discountFor, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { CreateOrderInput } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { cartItems, idempotencyKeys, orderItems, orders } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { badRequest, conflict } from '../../errors';
import { type NotifyContext, queueLowStockAlert, queueOrderMessages } from '../../notify/outbox';
import { priceDelivery } from './delivery';
import { claimPromo, type PromoBuyer } from './promo';
import type { TakenLine } from './stock';

/* The steps placeOrder (services/orders/orders.ts) runs inside its transaction, in the order it runs them. */

// No 0/O or 1/I: the number is read out over the phone. 32^6 ≈ 1 billion numbers.
const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `NK-${code}`;
}

/**
 * Claims an Idempotency-Key for this order. Undefined: the key is new (this request places the
 * order). The first order's id: the key placed it for the same request. Anything else is a 409.
 */
export async function claimIdempotencyKey(tx: Tx, scope: string, key: string, requestHash: string, now: Date): Promise<string | undefined> {
  // A second request with this key waits here until the first commits, then finds its order.
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (existing?.orderId && existing.requestHash === requestHash) return existing.orderId;
  if (existing?.orderId) throw conflict(SERVER_MESSAGES.idempotencyKeyReused);
  throw conflict('This order is already being placed. Please wait a moment.');
}

/** The lines, one per product: the guest's, or the signed-in customer's server cart (with its rows, to empty). */
export async function wantedLines(
  tx: Tx,
  guestLines: Map<string, number> | undefined,
  userId: string | null,
): Promise<{ wanted: Map<string, number>; cartLineIds: string[] }> {
  const wanted = new Map(guestLines);
  let cartLineIds: string[] = [];
  if (!guestLines && userId) {
    // Locked: a double submit without a key waits here, then finds the cart emptied by the first.
    const lines = await tx
      .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .for('update');
    for (const line of lines) wanted.set(line.productId, line.quantity);
    cartLineIds = lines.map((l) => l.id);
  }
  if (wanted.size === 0) throw badRequest(PAGE_MESSAGES.cartEmpty);
  return { wanted, cartLineIds };
}

/** The promo code the order asks for, claimed for this buyer; refused (400) when it does not apply. */
export async function claimOrderPromo(tx: Tx, code: string | undefined, buyer: PromoBuyer, now: Date) {
  const claimed = code ? await claimPromo(tx, code, buyer, now) : undefined;
  if (claimed === 'needs_verified_phone') {
    throw badRequest(VERIFICATION_TEXTS.promoNeedsPhone, [
      { path: ['promoCode'], message: VERIFICATION_TEXTS.promoNeedsPhone },
      { path: ['phoneToken'], message: VERIFICATION_TEXTS.phoneTokenMissing },
    ]);
  }
  const promo = claimed;
  if (code && !promo) throw badRequest(PAGE_MESSAGES.invalidPromo, [{ path: ['promoCode'], message: PAGE_MESSAGES.invalidPromo }]);
  return promo;
}

/** The order's money: the goods, the promo's discount, and delivery; refused past the largest total. */
export async function priceOrder(tx: Tx, form: CreateOrderInput, taken: TakenLine[], promo: { percent: number } | undefined) {
  const subtotal = taken.reduce((sum, line) => sum + line.pricePesewas * line.quantity, 0);
  // Past the limit the totals would not fit their columns; refused here, the stock taken above goes back.
  if (subtotal > toPesewas(LIMITS.maxOrderTotal)) throw badRequest(SERVER_MESSAGES.orderTooLarge, [{ path: ['cart'], message: SERVER_MESSAGES.orderTooLarge }]);
  const discount = promo ? discountFor(subtotal, promo.percent) : 0;
  // Delivery is priced on the goods after the discount (promos never discount delivery).
  const priced = await priceDelivery(tx, form, subtotal - discount);
  const total = subtotal - discount + priced.prepaidPesewas;
  if (total > toPesewas(LIMITS.maxOrderTotal)) throw badRequest(SERVER_MESSAGES.orderTooLarge, [{ path: ['cart'], message: SERVER_MESSAGES.orderTooLarge }]);
  return { subtotal, discount, priced, total };
}

/** Writes the order row under a new order number (drawn again while taken); the e-mail may depend on the number. */
export async function insertOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, 'orderNumber' | 'email'>,
  emailFor: (orderNumber: string) => string,
): Promise<string> {
  let order: { id: string } | undefined;
  for (let attempt = 0; !order && attempt < 8; attempt++) {
    const orderNumber = newOrderNumber();
    [order] = await tx
      .insert(orders)
      .values({ orderNumber, ...values, email: emailFor(orderNumber) })
      // A taken order number: draw another.
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({ id: orders.id });
  }
  if (!order) throw new Error('could not draw a free order number');
  return order.id;
}

/** The order's line snapshots, in cart order; the server cart lines it came from are emptied. */
export async function writeOrderLines(tx: Tx, orderId: string, taken: TakenLine[], cartLineIds: string[]): Promise<void> {
  await tx.insert(orderItems).values(
    taken.map((line, index) => ({
      orderId,
      position: index,
      productId: line.productId,
      name: line.name,
      pricePesewas: line.pricePesewas,
      images: line.images,
      quantity: line.quantity,
    })),
  );
  if (cartLineIds.length > 0) await tx.delete(cartItems).where(inArray(cartItems.id, cartLineIds));
}

/**
 * The messages the order causes, in its own transaction (the outbox): the shopper's, the owner's,
 * and a low-stock alert for each product this order took down to the line (`heldLines`: the lines whose stock it took).
 */
export async function queuePlacedOrderMessages(tx: Tx, notify: NotifyContext, orderId: string, heldLines: TakenLine[]): Promise<void> {
  await queueOrderMessages(tx, notify, orderId, 'order_received');
  for (const line of heldLines) {
    const crossed = line.stockLeft <= LIMITS.lowStockThreshold && line.stockLeft + line.quantity > LIMITS.lowStockThreshold;
    if (crossed) await queueLowStockAlert(tx, notify, { id: line.productId, name: line.name, stock: line.stockLeft }, orderId);
  }
}
