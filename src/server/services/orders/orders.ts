import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { toCedis, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { isId } from '@/shared/schemas/fields';
import type { CreateOrderInput } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, Order, OrderAnswer, OrderDispute, OrderRefund } from '@/shared/types';
import type { Db } from '../../db/client';
import { disputes, idempotencyKeys, orderItems, orders, refunds, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { type NotifyContext, notifyAt } from '../../notify/outbox';
import { hasSignature, sign } from '../../secret';
import type { AuthUser } from '../accounts/auth';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { imageUrl } from '../catalogue/products';
import { checkBuyerUnits } from './buyer-units';
import { deliveryColumns, deliveryOf } from './delivery';
import { cancelLockedOrder } from './order-cancel';
import { placeholderEmail, shownEmail } from './order-email';
import { flagsOf } from './order-flags';
import { claimIdempotencyKey, claimOrderPromo, insertOrder, priceOrder, queuePlacedOrderMessages, wantedLines, writeOrderLines } from './order-placement';
import { recordRedemption } from './promo';
import { refundStateOf } from './refund-state';
import { fitsUnverifiedShare, takeStockForOrder } from './stock';

export type OrderRow = typeof orders.$inferSelect;

/** Who is asking about an order: a signed-in user, a guest holding the order's token, or both. */
export interface OrderActor {
  user?: AuthUser;
  /** The guest's `X-Order-Token`, with the server secret it is checked under. */
  orderToken?: { token: string; secret: Buffer };
}

export interface PlaceOrderInput {
  form: CreateOrderInput;
  /** The guest's cart, or the signed-in customer's server cart when absent. */
  guestCart?: { productId: string; quantity: number }[];
  userId: string | null;
  idempotencyKey?: string;
  holdMinutes: number;
  /** How long a Cash on Delivery order holds its stock before an admin confirms it; 0: until an admin acts. */
  codConfirmHours: number;
  /** Units one buyer (phone or e-mail) may have in the day's orders; 0: no limit. */
  buyerUnitsPerDay: number;
  now: Date;
  /** The server secret: a guest's order token is derived from it (orderTokenFor), and the messages' order links. */
  secret: Buffer;
  /** The shop's address, for the links in the order's messages. */
  publicUrl: string;
  /** False: the order's messages leave their links out (notify/outbox.ts NotifySetup). */
  messageLinks?: boolean;
  /**
   * An order an admin enters (by phone or WhatsApp): who entered it. With no e-mail given
   * (`form.email` blank), the order gets a placeholder derived from its number under the shop's own
   * domain (`placeholderEmail`), never shown and never mailed, since Paystack needs one.
   */
  enteredBy?: string;
  /**
   * An entered Cash on Delivery order the admin confirmed on the phone starts as Processing: no
   * confirmation hold, as when an admin moves an order on from Pending. Absent: Pending.
   */
  startStatus?: 'Pending' | 'Processing';
  /**
   * What shows the buyer is real, and what an order gets until it is. Absent (an order the
   * shop enters itself, tests that do not check it): every order is verified.
   */
  trust?: BuyerTrust;
}

/** The buyer's proof, and the rules for orders without one. */
export interface BuyerTrust {
  /** The phone (`233…`) the buyer proved: this device's phone token, or the signed-in customer's confirmed phone. */
  verifiedPhone: string | undefined;
  /** Whether codes can be sent (an SMS gateway): an unverified Cash on Delivery order then asks for one, else waits for the shop. */
  smsCodes: boolean;
  /** How long an unverified order holds its stock (the order itself waits longer, without it). */
  unverifiedHoldMinutes: number;
  /** The share (percent) of any product's stock that open unverified orders may hold together. */
  unverifiedSharePercent: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A guest's order token: the order id signed with the server secret, made again whenever needed and never stored. */
export function orderTokenFor(secret: Buffer, orderId: string): string {
  return sign(secret, 'order-token', orderId);
}

/** The derived token, or (orders placed before tokens were derived) the random one whose hash the order keeps. */
function holdsOrderToken(row: Pick<OrderRow, 'id' | 'orderTokenHash'>, held: NonNullable<OrderActor['orderToken']>): boolean {
  if (hasSignature(held.secret, 'order-token', row.id, held.token)) return true;
  if (!row.orderTokenHash) return false;
  const given = Buffer.from(sha256(held.token), 'hex');
  const stored = Buffer.from(row.orderTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const orderMessage = (row: Pick<OrderRow, 'paymentMethod'>) =>
  row.paymentMethod === 'Mobile Money' ? SERVER_MESSAGES.orderAwaitingPayment : PAGE_MESSAGES.orderPlaced;

/**
 * What a repeated Idempotency-Key must ask for again to be answered with the first order: the cart
 * lines (or "the server cart", which the first order emptied) and the payment method. Not the contact
 * details: a shopper who corrects the phone after a timeout must get the order, not a refusal.
 */
function requestHashOf(paymentMethod: string, guestLines: Map<string, number> | undefined): string {
  const lines = guestLines ? [...guestLines].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, quantity]) => `${id}x${quantity}`) : ['server-cart'];
  return sha256(`${paymentMethod}\n${lines.join(',')}`);
}

function mergedLines(cart: { productId: string; quantity: number }[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const line of cart) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return merged;
}

/** A buyer as the per-buyer limit counts them: the phone as 233 and nine digits, the e-mail in lower case. */
export function buyerKeys(form: { phone: string; email: string }): { phone: string; email: string } {
  const digits = form.phone.replace(/\D/g, '');
  return { phone: /^0\d{9}$/.test(digits) ? `233${digits.slice(1)}` : digits, email: form.email.trim().toLowerCase() };
}

/** What placeOrder settles before its transaction: the key's scope, the guest's lines and what a repeated key must match. */
interface OrderRequest {
  scope: string;
  /** An entered order with no e-mail: its placeholder is made from the order number once drawn. */
  noEmail: boolean;
  guestLines: Map<string, number> | undefined;
  requestHash: string;
}

interface PlacedOrder {
  orderId: string;
  replayed: boolean;
  /** The products whose stock this order took (none for a replay). */
  productIds: string[];
}

/**
 * Places an order in one transaction: claim the idempotency key, price every line from the
 * database, apply the promo, take the stock with conditional updates, write the order and its line
 * snapshots, and empty the customer's server cart. A repeated key answers the first order when it
 * asks for the same thing, else 409 (guests share one key scope: another guest's key must reveal nothing).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<{ answer: OrderAnswer; replayed: boolean }> {
  const { form } = input;
  const scope = input.enteredBy ? `admin:${input.enteredBy}` : input.userId ? `user:${input.userId}` : 'guest';
  // An entered order with no e-mail: its placeholder is made from the order number once drawn.
  const noEmail = input.enteredBy !== undefined && form.email.trim() === '';
  // A guest's lines, one per product (a line sent twice is added up).
  const guestLines = input.guestCart ? mergedLines(input.guestCart) : undefined;
  const requestHash = requestHashOf(form.paymentMethod, guestLines);

  const outcome = await db.transaction((tx) => writeOrder(tx, input, { scope, noEmail, guestLines, requestHash }));

  // Only these products' stock changed: copies showing them must show it, the rest stay.
  if (!outcome.replayed && outcome.productIds.length > 0) catalogueChanged(db, { kind: 'stock', productIds: outcome.productIds });
  const order = await loadOrder(db, outcome.orderId);
  if (!order) throw new Error('placed order vanished');
  const answer: OrderAnswer = {
    message: order.paymentStatus === 'Paid' ? PAGE_MESSAGES.orderPlaced : orderMessage({ paymentMethod: order.paymentMethod.paymentMethod }),
    order,
  };
  // A guest's key to the order, made again for a replay rather than kept anywhere.
  if (!input.userId) answer.orderToken = orderTokenFor(input.secret, order._id);
  return { answer, replayed: outcome.replayed };
}

/** placeOrder's transaction: everything the order writes, or nothing. */
async function writeOrder(tx: Tx, input: PlaceOrderInput, request: OrderRequest): Promise<PlacedOrder> {
  const { form, now } = input;
  const { scope, noEmail, requestHash } = request;
  if (input.idempotencyKey) {
    const firstOrderId = await claimIdempotencyKey(tx, scope, input.idempotencyKey, requestHash, now);
    if (firstOrderId) return { orderId: firstOrderId, replayed: true, productIds: [] };
  }

  const { wanted, cartLineIds } = await wantedLines(tx, request.guestLines, input.userId);

  // The code's dates, uses and (one per customer) this buyer's earlier uses; a code with a limit is
  // locked until this order commits (before any stock row, so two orders never wait in a circle).
  const buyer = buyerKeys(form);
  // A placeholder e-mail is nobody's: the buyer is their phone alone.
  if (noEmail) buyer.email = '';
  // A buyer shown to be real (a confirmed phone); absent trust rules, everyone is.
  const trust = input.trust;
  const verified = !trust || trust.verifiedPhone === buyer.phone;
  const promoBuyer = { userId: input.userId, ...buyer, verified };
  const promo = await claimOrderPromo(tx, form.promoCode, promoBuyer, now);

  // A buyer shown to be real holds the stock until the order is confirmed or paid; one
  // who is not holds it briefly, and only within the share all unverified orders may hold.
  const holdsStock = verified || (await fitsUnverifiedShare(tx, wanted, trust.unverifiedSharePercent));
  // Take the stock (services/orders/stock.ts locks rows in id order, so two orders never wait in a circle).
  const taken = await takeStockForOrder(tx, wanted, { take: holdsStock });
  // Then the buyer's day (after the lines' own limits, which say more about what to change).
  const units = [...wanted.values()].reduce((sum, n) => sum + n, 0);
  if (verified) await checkBuyerUnits(tx, buyer.phone, units, input.buyerUnitsPerDay, now);
  // Lines in the order the shopper put them in the cart.
  const position = [...wanted.keys()];
  taken.sort((a, b) => position.indexOf(a.productId) - position.indexOf(b.productId));

  const { subtotal, discount, priced, total } = await priceOrder(tx, form, taken, promo);
  // Mobile Money holds the stock until paid; a total of ₵0 (a full discount) has nothing to charge and is confirmed at once.
  const paidNow = form.paymentMethod === 'Mobile Money' && total === 0;
  // Cash on Delivery holds it until an admin confirms the order (Processing), else the order lapses;
  // one entered as Processing is confirmed already.
  const orderStatus = input.startStatus ?? 'Pending';
  const confirmedCash = form.paymentMethod === 'Cash on Delivery' && orderStatus !== 'Pending';
  const holdMs = form.paymentMethod === 'Mobile Money' ? (total > 0 ? input.holdMinutes * 60_000 : 0) : confirmedCash ? 0 : input.codConfirmHours * 3_600_000;
  // Unverified: the payment proves a Mobile Money buyer; a code (or, with no SMS, the shop) a cash one.
  const verification = verified || paidNow ? 'verified' : form.paymentMethod === 'Mobile Money' || trust.smsCodes ? 'required' : 'waiting_for_shop';
  const stockReleaseAt = trust && verification !== 'verified' && holdsStock ? new Date(now.getTime() + trust.unverifiedHoldMinutes * 60_000) : null;

  const orderId = await insertOrder(
    tx,
    {
      userId: input.userId,
      enteredByAdmin: input.enteredBy !== undefined,
      enteredBy: input.enteredBy ?? null,
      emailPlaceholder: noEmail,
      fullName: form.fullName,
      phone: form.phone,
      address: form.address ?? '',
      city: form.city,
      region: form.region ?? null,
      gpsAddress: form.gpsAddress ?? null,
      landmark: form.landmark ?? null,
      ...deliveryColumns(priced),
      paymentMethod: form.paymentMethod,
      subtotalPesewas: subtotal,
      discountPesewas: discount,
      totalPesewas: total,
      orderStatus,
      paymentStatus: paidNow ? 'Paid' : 'Pending',
      paidAt: paidNow ? now : null,
      promoCode: promo?.code ?? null,
      promoPercent: promo?.percent ?? null,
      buyerPhone: buyer.phone,
      buyerEmail: noEmail ? null : buyer.email,
      holdExpiresAt: holdMs > 0 ? new Date(now.getTime() + holdMs) : null,
      stockHeld: holdsStock,
      verification,
      stockReleaseAt,
      createdAt: now,
      updatedAt: now,
    },
    (orderNumber) => (noEmail ? placeholderEmail(orderNumber, input.publicUrl) : form.email),
  );
  // The code's use, counted until the order is cancelled.
  if (promo) await recordRedemption(tx, promo.code, orderId, promoBuyer, now);

  await writeOrderLines(tx, orderId, taken, cartLineIds);
  await queuePlacedOrderMessages(tx, notifyAt(input, now), orderId, holdsStock ? taken : []);
  if (input.idempotencyKey) {
    await tx
      .update(idempotencyKeys)
      .set({ orderId })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, input.idempotencyKey)));
  }
  return { orderId, replayed: false, productIds: holdsStock ? taken.map((line) => line.productId) : [] };
}

/** Builds answers for order rows: two more queries however many orders (users, then lines). */
export async function toOrders(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))];
  const [lines, owners, refundsByOrder] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    userIds.length
      ? db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, userIds))
      : Promise.resolve([]),
    refundsOf(db, ids),
  ]);
  const ownerById = new Map(owners.map((u) => [u.id, u]));
  const linesByOrder = new Map<string, (typeof lines)[number][]>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push(line);
    linesByOrder.set(line.orderId, list);
  }
  return rows.map((row) => {
    const owner = row.userId ? ownerById.get(row.userId) : undefined;
    const orderRefunds = refundsByOrder.get(row.id) ?? [];
    const refunded = orderRefunds.filter((refund) => refund.status === 'processed').reduce((sum, refund) => sum + toPesewas(refund.amount), 0);
    // A placeholder e-mail (an entered order without one) is never shown.
    const contact = { fullName: row.fullName, email: shownEmail(row), phone: row.phone, address: row.address, city: row.city };
    return {
      _id: row.id,
      orderNumber: row.orderNumber,
      createdAt: row.createdAt.toISOString(),
      subtotal: toCedis(row.subtotalPesewas),
      discount: toCedis(row.discountPesewas),
      total: toCedis(row.totalPesewas),
      promoCode: row.promoCode,
      orderStatus: row.orderStatus,
      paymentStatus: row.paymentStatus,
      refundState: refundStateOf(row.totalPesewas, refunded),
      paymentReference: row.paymentReference,
      cancelReason: row.orderStatus === 'Cancelled' ? row.cancelReason : null,
      refunds: orderRefunds,
      user: owner ? { _id: owner.id, fullName: owner.fullName, email: owner.email } : null,
      ...contact,
      paymentMethod: { ...contact, paymentMethod: row.paymentMethod },
      region: (row.region as Order['region']) ?? null,
      gpsAddress: row.gpsAddress,
      landmark: row.landmark,
      delivery: deliveryOf(row),
      shipping: row.deliveryName === null ? null : toCedis(row.deliveryFeePesewas),
      items: (linesByOrder.get(row.id) ?? []).map((line) => ({
        product: { _id: line.productId, name: line.name, price: toCedis(line.pricePesewas), productImageUrls: line.images.map((key) => imageUrl(key)) },
        priceAtPurchase: toCedis(line.pricePesewas),
        quantity: line.quantity,
      })),
      holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
      verification: row.verification,
      stockHeld: row.stockHeld,
      stockReleaseAt: row.stockReleaseAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    };
  });
}

async function refundsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderRefund[]>> {
  const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const byOrder = new Map<string, OrderRefund[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      _id: row.id,
      amount: toCedis(row.amountPesewas),
      status: row.status,
      returnedToStock: row.returnedToStock,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Admin answers: the shopper's view plus the order's flags and disputes (never sent to shoppers). */
export async function toAdminOrders(db: DbOrTx, rows: OrderRow[]): Promise<AdminOrder[]> {
  const ids = rows.map((r) => r.id);
  const [base, flags, disputeRows] = await Promise.all([
    toOrders(db, rows),
    flagsOf(db, ids),
    ids.length ? db.select().from(disputes).where(inArray(disputes.orderId, ids)).orderBy(asc(disputes.createdAt)) : Promise.resolve([]),
  ]);
  const disputesByOrder = new Map<string, OrderDispute[]>();
  for (const row of disputeRows) {
    const list = disputesByOrder.get(row.orderId) ?? [];
    list.push({
      _id: row.id,
      amount: row.amountPesewas === null ? null : toCedis(row.amountPesewas),
      status: row.status,
      resolution: row.resolution,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    });
    disputesByOrder.set(row.orderId, list);
  }
  const entered = new Set(rows.filter((r) => r.enteredByAdmin).map((r) => r.id));
  return base.map((order) => ({
    ...order,
    flags: flags.get(order._id) ?? [],
    disputes: disputesByOrder.get(order._id) ?? [],
    enteredByAdmin: entered.has(order._id),
  }));
}

export async function loadAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrder | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ? (await toAdminOrders(db, [row]))[0] : undefined;
}

export async function loadOrder(db: DbOrTx, orderId: string): Promise<Order | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ? (await toOrders(db, [row]))[0] : undefined;
}

export async function listOrders(db: DbOrTx, where: SQL | undefined): Promise<Order[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  return toOrders(db, rows);
}

/** Orders as admin answers show them (with flags and disputes). */
export async function listAdminOrders(db: DbOrTx, where: SQL | undefined): Promise<AdminOrder[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  return toAdminOrders(db, rows);
}

export function listMyOrders(db: Db, userId: string): Promise<Order[]> {
  return listOrders(db, eq(orders.userId, userId));
}

/**
 * The order if the actor may see it: its owner, a holder of its order token, or (when allowed) an
 * admin. Everyone else hears that it does not exist, so order ids cannot be probed.
 */
export async function findAccessibleOrder(db: DbOrTx, orderId: string, actor: OrderActor, options: { allowAdmin: boolean }): Promise<OrderRow> {
  if (!isId(orderId)) throw notFound(PAGE_MESSAGES.orderNotFound);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(PAGE_MESSAGES.orderNotFound);
  const { user, orderToken } = actor;
  if (user && row.userId === user.id) return row;
  if (user && options.allowAdmin && user.role === 'admin') return row;
  if (orderToken && holdsOrderToken(row, orderToken)) return row;
  throw notFound(PAGE_MESSAGES.orderNotFound);
}

/** The shopper drops an unpaid order that has not been handled yet; its stock returns at once. */
export async function cancelUnpaidOrder(db: Db, orderId: string, actor: OrderActor, notify: NotifyContext): Promise<Order> {
  await findAccessibleOrder(db, orderId, actor, { allowAdmin: false });
  const { stockMoved } = await db.transaction(async (tx) => {
    const [unpaid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.orderStatus, 'Pending'), eq(orders.paymentStatus, 'Pending')))
      .for('update');
    if (!unpaid) throw conflict(SERVER_MESSAGES.orderNotCancellable);
    return cancelLockedOrder(tx, orderId, 'shopper', notify);
  });
  if (stockMoved.length > 0) catalogueChanged(db, { kind: 'stock', productIds: stockMoved });
  const order = await loadOrder(db, orderId);
  if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
  return order;
}
