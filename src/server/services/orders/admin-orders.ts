import { and, desc, eq, exists, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { isId } from '@/shared/schemas/fields';
import type { AdminOrderListQuery } from '@/shared/schemas/orders';
import type { AdminOrder, Listed } from '@/shared/types';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { countRows, pageOf } from '../../db/paging';
import { orderFlags, orders } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { type NotifyContext, queueOrderMessages } from '../../notify/outbox';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { cancelLockedOrder } from './order-cancel';
import { shownEmailColumn } from './order-email';
import { raiseFlag, settleFlags } from './order-flags';
import { loadAdminOrder, type OrderRow, toAdminOrders } from './orders';
import { refundStateFilter } from './refund-state';
import { retakeOrderStock } from './stock';

/** Flags that cancelling set and that restoring the order, or setting its payment back, settles. */
const CANCEL_FLAGS = ['refund_due', 'paid_after_expiry', 'paid_after_cancellation'] as const;

/** The orders the list's search and filters select (the list and its CSV export alike). */
export function orderListFilter(db: Db, query: AdminOrderListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.orderStatus, query.status));
  if (query.paymentStatus) filters.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.refundState) {
    const refunded = refundStateFilter(query.refundState);
    if (refunded) filters.push(refunded);
  }
  if (query.flag) {
    const open = and(eq(orderFlags.orderId, orders.id), isNull(orderFlags.clearedAt), query.flag === 'any' ? undefined : eq(orderFlags.kind, query.flag));
    filters.push(exists(db.select({ one: orderFlags.id }).from(orderFlags).where(open)));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    // Never the placeholder of an order entered without an e-mail (`order-nk-…@…` would find them all).
    const match = or(ilike(orders.orderNumber, pattern), ilike(orders.fullName, pattern), ilike(shownEmailColumn, pattern));
    if (match) filters.push(match);
  }
  return filters.length ? and(...filters) : undefined;
}

/** Newest first; everything unless paged (then also total, page, limit). */
export async function listAllOrders(db: Db, query: AdminOrderListQuery): Promise<Listed<'orders', AdminOrder>> {
  const where = orderListFilter(db, query);
  const rowsQuery = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  const { items, ...meta } = await pageOf(
    query,
    (window) => (window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery),
    () => countRows(db, orders, where),
  );
  return { orders: await toAdminOrders(db, items), ...meta };
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!isId(orderId)) throw notFound(PAGE_MESSAGES.orderNotFound);
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound(PAGE_MESSAGES.orderNotFound);
  return row;
}

export async function adminAnswer(db: Db, orderId: string): Promise<AdminOrder> {
  if (!isId(orderId)) throw notFound(PAGE_MESSAGES.orderNotFound);
  const order = await loadAdminOrder(db, orderId);
  if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
  return order;
}

/** How long an order restored to Pending holds its stock again (the shop's hold settings). */
export interface OrderHolds {
  unpaidOrderHoldMinutes: number;
  codConfirmHours: number;
}

/**
 * Any status may follow any other (the spec enforces no order), but stock follows the status:
 * entering Cancelled returns it once, leaving Cancelled takes it again or fails with 409 and
 * changes nothing. Cancelling a paid order raises the flag 'refund due'. Moving an order
 * on from Pending is the shop's confirmation: its buyer counts as verified, and an order that held
 * no stock takes it now (409 when it is short); an order restored to Pending unpaid holds anew, as a new one would.
 */
export async function setOrderStatus(db: Db, orderId: string, status: OrderStatus, notify: NotifyContext, holds: OrderHolds): Promise<AdminOrder> {
  const { now } = notify;
  const stockMoved = await db.transaction(async (tx): Promise<string[]> => {
    const row = await lockOrder(tx, orderId);
    if (row.orderStatus === status) return [];
    if (status === 'Cancelled') {
      const cancelled = await cancelLockedOrder(tx, row.id, 'admin', notify);
      if (row.paymentStatus === 'Paid') await raiseFlag(tx, row.id, 'refund_due', 'Cancelled by the shop after it was paid.', notify);
      return cancelled.stockMoved;
    }
    // Restored, or an unverified order moved on by the shop: it holds its stock again (a refund that
    // returned the items of a verified order stays as it is).
    const needsStock = row.orderStatus === 'Cancelled' || (row.orderStatus === 'Pending' && row.verification !== 'verified');
    const retaken = needsStock ? await retakeOrderStock(tx, row.id) : { moved: [] };
    if ('short' in retaken) throw conflict(retaken.short);
    const confirmedByShop = { verification: 'verified' as const, stockReleaseAt: null };
    if (row.orderStatus === 'Cancelled') {
      // Back to Pending and unpaid: the hold a new order gets, so it lapses again if nobody acts.
      const holdMs = row.paymentMethod === 'Mobile Money' ? holds.unpaidOrderHoldMinutes * 60_000 : holds.codConfirmHours * 3_600_000;
      const holdExpiresAt = status === 'Pending' && row.paymentStatus === 'Pending' && holdMs > 0 ? new Date(now.getTime() + holdMs) : null;
      await tx
        .update(orders)
        .set({ orderStatus: status, cancelReason: null, cancelledAt: null, holdExpiresAt, ...confirmedByShop, updatedAt: now })
        .where(eq(orders.id, row.id));
      await settleFlags(tx, row.id, [...CANCEL_FLAGS], `Order restored to ${status}.`, now);
      return retaken.moved;
    }
    // Confirming a Cash on Delivery order (any step past Pending) ends the hold that would cancel it unconfirmed.
    const confirmed = row.paymentMethod === 'Cash on Delivery' && row.orderStatus === 'Pending';
    await tx
      .update(orders)
      .set({ orderStatus: status, updatedAt: now, ...(confirmed ? { holdExpiresAt: null } : {}), ...(row.orderStatus === 'Pending' ? confirmedByShop : {}) })
      .where(eq(orders.id, row.id));
    if (status === 'Shipped') await queueOrderMessages(tx, notify, row.id, 'order_shipped');
    if (status === 'Delivered') await queueOrderMessages(tx, notify, row.id, 'order_delivered');
    return retaken.moved;
  });
  if (stockMoved.length > 0) catalogueChanged(db, { kind: 'stock', productIds: stockMoved });
  return adminAnswer(db, orderId);
}

/**
 * Paid (cash received on delivery, or a payment checked by hand) ends any hold; back to Pending
 * clears the paid time, and on a cancelled order it settles the flags about money to give back.
 */
export async function setPaymentStatus(db: Db, orderId: string, status: PaymentStatus, notify: NotifyContext): Promise<AdminOrder> {
  const { now } = notify;
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.paymentStatus === status) return;
    if (status === 'Paid') {
      await tx.update(orders).set({ paymentStatus: 'Paid', paidAt: now, holdExpiresAt: null, updatedAt: now }).where(eq(orders.id, row.id));
      // Cash received on delivery needs no thanks by SMS; money confirmed by hand on an open order does.
      if (row.orderStatus !== 'Delivered' && row.orderStatus !== 'Cancelled') await queueOrderMessages(tx, notify, row.id, 'payment_received');
      return;
    }
    await tx.update(orders).set({ paymentStatus: 'Pending', paidAt: null, updatedAt: now }).where(eq(orders.id, row.id));
    if (row.orderStatus === 'Cancelled') await settleFlags(tx, row.id, [...CANCEL_FLAGS], 'Payment set back to Pending.', now);
  });
  return adminAnswer(db, orderId);
}
