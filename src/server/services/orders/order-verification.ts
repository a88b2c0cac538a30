import { and, eq, sql } from 'drizzle-orm';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import type { Db } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { checkBuyerUnits } from './buyer-units';
import { findAccessibleOrder, loadOrder, type OrderActor } from './orders';
import { releaseOrderStock, retakeOrderStock } from './stock';

/*
 * An order placed before its buyer was shown to be real becomes verified once they confirm
 * the order's phone by a code (`POST /orders/{id}/verification` with the device's phone token), when
 * the shop confirms it (admin-orders.ts), or when it is paid. Until then it held its stock only
 * briefly: the job below gives that stock back when the time is up, and the order waits without it.
 */

/** `POST /orders/{id}/verification`: the order's buyer proved the order's phone; its stock is put aside (409 when it is gone). */
export async function verifyOrder(
  db: Db,
  orderId: string,
  actor: OrderActor,
  phone: string | undefined,
  rules: { buyerUnitsPerDay: number },
  now: Date,
): Promise<{ message: string; order: Order }> {
  const row = await findAccessibleOrder(db, orderId, actor, { allowAdmin: false });
  if (!phone) throw badRequest(VERIFICATION_TEXTS.phoneTokenMissing, [{ path: ['phoneToken'], message: VERIFICATION_TEXTS.phoneTokenMissing }]);
  if (row.buyerPhone !== phone)
    throw badRequest(VERIFICATION_TEXTS.phoneTokenOtherPhone, [{ path: ['phoneToken'], message: VERIFICATION_TEXTS.phoneTokenOtherPhone }]);
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update');
    if (!locked) throw notFound(PAGE_MESSAGES.orderNotFound);
    if (locked.verification === 'verified') return { message: VERIFICATION_TEXTS.orderAlreadyVerified, moved: [] as string[] };
    if (locked.orderStatus !== 'Pending') throw conflict(VERIFICATION_TEXTS.orderNotOpen);
    // The order joins its buyer's day now that it counts as theirs.
    const [lines] = await tx
      .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.orderId, locked.id));
    await checkBuyerUnits(tx, phone, lines?.units ?? 0, rules.buyerUnitsPerDay, now, locked.id);
    const retaken = await retakeOrderStock(tx, locked.id);
    if ('short' in retaken) throw conflict(retaken.short);
    await tx.update(orders).set({ verification: 'verified', stockReleaseAt: null, updatedAt: now }).where(eq(orders.id, locked.id));
    // A customer's confirmed phone verifies their later orders with it on any device.
    if (actor.user && locked.userId === actor.user.id) await tx.update(users).set({ verifiedPhone: phone }).where(eq(users.id, actor.user.id));
    return { message: VERIFICATION_TEXTS.orderVerified, moved: retaken.moved };
  });
  if (outcome.moved.length > 0) catalogueChanged(db, { kind: 'stock', productIds: outcome.moved });
  const order = await loadOrder(db, row.id);
  if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
  return { message: outcome.message, order };
}

/**
 * The periodic job's part: unverified orders whose brief hold has run out give their stock back and
 * keep waiting (for the code, the payment or the shop) until their own hold ends. Safe with several
 * processes: each order is taken with `FOR UPDATE SKIP LOCKED` and released once.
 */
export async function releaseUnverifiedStock(db: Db, now: Date, limit = 100): Promise<number> {
  const due = await db.select({ id: orders.id }).from(orders).where(sql`${orders.stockReleaseAt} <= ${now.toISOString()}::timestamptz`).limit(limit);
  const moved = new Set<string>();
  let released = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), sql`${orders.stockReleaseAt} <= ${now.toISOString()}::timestamptz`, sql`${orders.verification} <> 'verified'`))
        .for('update', { skipLocked: true });
      if (!locked) return;
      for (const productId of await releaseOrderStock(tx, id)) moved.add(productId);
      await tx.update(orders).set({ stockReleaseAt: null, updatedAt: now }).where(eq(orders.id, id));
      released += 1;
    });
  }
  if (moved.size > 0) catalogueChanged(db, { kind: 'stock', productIds: [...moved] });
  return released;
}
