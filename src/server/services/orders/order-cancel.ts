import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { type NotifyContext, queueOrderMessages } from '../../notify/outbox';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { releaseOrderStock } from './stock';

/**
 * Cancels an order the caller has already locked or conditioned on its old status: the status,
 * its stock back, the hold ended, and any payment still open abandoned (if it lands anyway it is
 * recorded and flagged as late). Every cancel (shopper, expiry, admin) goes through here.
 */
export async function cancelLockedOrder(
  tx: Tx,
  orderId: string,
  reason: NonNullable<(typeof orders.$inferSelect)['cancelReason']>,
  notify: NotifyContext,
): Promise<{ stockMoved: string[] }> {
  const { now } = notify;
  await tx
    .update(orders)
    .set({ orderStatus: 'Cancelled', cancelReason: reason, cancelledAt: now, holdExpiresAt: null, stockReleaseAt: null, updatedAt: now })
    .where(eq(orders.id, orderId));
  const stockMoved = await releaseOrderStock(tx, orderId);
  await tx
    .update(payments)
    .set({ status: 'abandoned', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  // The shopper who cancelled knows; the others (the hold ran out, unconfirmed, the shop) are told why.
  if (reason !== 'shopper') await queueOrderMessages(tx, notify, orderId, 'order_cancelled');
  return { stockMoved };
}

/**
 * Cancels orders whose hold has run out and returns their stock: unpaid Mobile Money orders
 * ('expired') and Cash on Delivery orders no admin confirmed in time ('unconfirmed'). Safe with
 * several processes: each order is taken with `FOR UPDATE SKIP LOCKED` and changed only if it is
 * still unpaid and pending, so its stock comes back exactly once.
 */
export async function expireHeldOrders(db: Db, notify: NotifyContext, orderIds: string[]): Promise<string[]> {
  const { now } = notify;
  const expired: string[] = [];
  const stockMoved = new Set<string>();
  for (const orderId of orderIds) {
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: orders.id, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.orderStatus, 'Pending'),
            eq(orders.paymentStatus, 'Pending'),
            sql`${orders.holdExpiresAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!locked) return false;
      const cancelled = await cancelLockedOrder(tx, orderId, locked.paymentMethod === 'Cash on Delivery' ? 'unconfirmed' : 'expired', notify);
      for (const id of cancelled.stockMoved) stockMoved.add(id);
      return true;
    });
    if (done) expired.push(orderId);
  }
  if (stockMoved.size > 0) catalogueChanged(db, { kind: 'stock', productIds: [...stockMoved] });
  return expired;
}

/** Unpaid orders whose hold has run out, oldest first, with the payment each last started. */
export function dueHeldOrders(db: Db, now: Date, limit = 100) {
  return db
    .select({ id: orders.id, paymentReference: orders.paymentReference })
    .from(orders)
    .where(and(eq(orders.orderStatus, 'Pending'), eq(orders.paymentStatus, 'Pending'), sql`${orders.holdExpiresAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
}
