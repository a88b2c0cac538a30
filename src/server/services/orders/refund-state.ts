import { and, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { RefundState } from '@/shared/back-office';
import { orders, refunds } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction';

/**
 * An order's refund state, derived (never stored) from its processed refunds: money a pending
 * refund has not yet sent back still counts as paid, as the dashboard's sales do.
 */
export function refundStateOf(totalPesewas: number, refundedPesewas: number): RefundState {
  if (refundedPesewas <= 0) return 'none';
  return refundedPesewas >= totalPesewas ? 'refunded' : 'partly';
}

/** The pesewas the processed refunds of each order sent back (orders with none are absent). */
export async function refundedPesewasOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, refunded: sql<number>`sum(${refunds.amountPesewas})::int` })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'processed')))
    .groupBy(refunds.orderId);
  return new Map(rows.map((row) => [row.orderId, row.refunded]));
}

/** The same rule in SQL, for the list's filter: the orders in `state`. */
export function refundStateFilter(state: RefundState): SQL | undefined {
  const refunded = sql`(select coalesce(sum(r.amount_pesewas), 0) from ${refunds} r where r.order_id = ${orders.id} and r.status = 'processed')`;
  if (state === 'none') return eq(refunded, 0);
  if (state === 'partly') return and(gt(refunded, 0), lt(refunded, orders.totalPesewas));
  return and(gt(refunded, 0), gte(refunded, orders.totalPesewas));
}
