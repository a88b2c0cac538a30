import { and, asc, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { isId } from '../../shared/schemas/fields';
import type { AdminOrderListQuery } from '../../shared/schemas/orders';
import type { Order } from '../../shared/types';
import type { Db } from '../db/client';
import { likePattern } from '../db/like';
import { countRows, pageOf } from '../db/paging';
import { orderItems, orders, products } from '../db/schema';
import { conflict, notFound } from '../errors';
import { cancelLockedOrder, loadOrder, type OrderRow, toOrders } from './orders';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Flags that cancelling set and that restoring the order settles. */
const CANCEL_FLAGS = ['refund due', 'paid after expiry', 'paid after cancellation'];

/** Newest first; everything unless paged (then also total, page, limit). */
export async function listAllOrders(db: Db, query: AdminOrderListQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.orderStatus, query.status));
  if (query.paymentStatus) filters.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(orders.orderNumber, pattern), ilike(orders.fullName, pattern), ilike(orders.email, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const rowsQuery = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  const { items, ...meta } = await pageOf(
    query,
    (window) => (window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery),
    () => countRows(db, orders, where),
  );
  return { orders: await toOrders(db, items), ...meta };
}

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!isId(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound(MESSAGES.orderNotFound);
  return row;
}

/** Takes a restored order's stock again, all lines or none (the transaction rolls back on a refusal). */
async function retakeStock(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, name: orderItems.name, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId, orderItems.name)
    .orderBy(asc(orderItems.productId));
  for (const line of lines) {
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, unitsSold: sql`${products.unitsSold} + ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (taken) continue;
    const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
    throw conflict(product ? MESSAGES.restockShort(line.name, product.stock) : MESSAGES.restockGone(line.name));
  }
}

async function answer(db: Db, orderId: string): Promise<Order> {
  const order = await loadOrder(db, orderId);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * Any status may follow any other (the spec enforces no order), but stock follows the status:
 * entering Cancelled returns it once, leaving Cancelled takes it again or fails with 409 and
 * changes nothing. Cancelling a paid order flags it 'refund due'.
 */
export async function setOrderStatus(db: Db, orderId: string, status: OrderStatus, now: Date): Promise<Order> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.orderStatus === status) return;
    if (status === 'Cancelled') {
      await cancelLockedOrder(tx, row.id, 'admin', now, row.paymentStatus === 'Paid' ? 'refund due' : row.needsAttention);
      return;
    }
    if (row.orderStatus === 'Cancelled') {
      await retakeStock(tx, row.id);
      await tx
        .update(orders)
        .set({
          orderStatus: status,
          cancelReason: null,
          cancelledAt: null,
          needsAttention: row.needsAttention && CANCEL_FLAGS.includes(row.needsAttention) ? null : row.needsAttention,
          updatedAt: now,
        })
        .where(eq(orders.id, row.id));
      return;
    }
    await tx.update(orders).set({ orderStatus: status, updatedAt: now }).where(eq(orders.id, row.id));
  });
  return answer(db, orderId);
}

/**
 * Paid (cash received on delivery, or a payment checked by hand) ends any hold; back to Pending
 * clears the paid time, and on a cancelled order it settles a 'refund due'.
 */
export async function setPaymentStatus(db: Db, orderId: string, status: PaymentStatus, now: Date): Promise<Order> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.paymentStatus === status) return;
    if (status === 'Paid') {
      await tx.update(orders).set({ paymentStatus: 'Paid', paidAt: now, holdExpiresAt: null, updatedAt: now }).where(eq(orders.id, row.id));
      return;
    }
    const refunded = row.orderStatus === 'Cancelled' && row.needsAttention !== null && CANCEL_FLAGS.includes(row.needsAttention);
    await tx
      .update(orders)
      .set({ paymentStatus: 'Pending', paidAt: null, needsAttention: refunded ? null : row.needsAttention, updatedAt: now })
      .where(eq(orders.id, row.id));
  });
  return answer(db, orderId);
}
