import { and, eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { orderItems, orders } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One buyer may not hold more than `max` units in the orders of the last day (cancelled ones do not
 * count). A buyer is a verified phone (phones and e-mails cost nothing to invent, and an
 * order placed with a stranger's phone must never count against that stranger); only verified orders
 * count. The phone is locked for the rest of the transaction, so two orders racing cannot both slip under it.
 */
export async function checkBuyerUnits(tx: Tx, phone: string, units: number, max: number, now: Date, exceptOrderId?: string): Promise<void> {
  if (max <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buyer:${phone}`}, 0))`);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.buyerPhone, phone),
        eq(orders.verification, 'verified'),
        sql`${orders.createdAt} > ${since}::timestamptz`,
        sql`${orders.orderStatus} <> 'Cancelled'`,
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  if ((row?.units ?? 0) + units > max) throw new AppError(429, SERVER_MESSAGES.buyerDailyLimit(max));
}
