import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DashboardStats } from '@/shared/admin-types';
import { LIMITS } from '@/shared/constants';
import { toCedis } from '@/shared/money';
import type { Db } from '../../db/client';
import { orderFlags, orders, refunds, users } from '../../db/schema';
import { countsAsSale } from '../accounts/admin-customers';
import { lowStockProducts } from '../catalogue/admin-products';
import { countGuestBuyers } from '../orders/guest-buyers';
import { toAdminOrders } from '../orders/orders';

const DAY_MS = 24 * 60 * 60 * 1000;
const SALES_DAYS = 30;
/** The dashboard lists this many unconfirmed Cash on Delivery orders; the orders page has the rest. */
const AWAITING_CONFIRMATION_SHOWN = 20;

/** Money an order brought in: its total less what was refunded (processed refunds only). */
const netPesewas = sql`(${orders.totalPesewas} - coalesce((select sum(${refunds.amountPesewas}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'processed'), 0))`;

/** `YYYY-MM-DD` in UTC, which is Ghana's time all year (GMT, no daylight saving). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The admin dashboard in one call: sales (money received: paid orders that were not cancelled, less refunds),
 * order and customer counts (accounts, and guest buyers beside them), sales per day for the last 30 days (zeros included, oldest first,
 * by order date), the 5 newest orders, products running low and orders that need a person.
 */
export async function dashboardStats(db: Db, secret: Buffer, now: Date): Promise<DashboardStats> {
  const firstDay = new Date(`${dayOf(new Date(now.getTime() - (SALES_DAYS - 1) * DAY_MS))}T00:00:00Z`);
  const [[totals], [customers], perDay, recentRows, lowStock, unconfirmed, guestBuyers] = await Promise.all([
    db
      .select({
        salesPesewas: sql<number>`coalesce(sum(${netPesewas}) filter (where ${countsAsSale}), 0)::bigint`,
        orderCount: sql<number>`count(*)::int`,
        needsAttention: sql<number>`(count(*) filter (where exists (select 1 from ${orderFlags} where ${orderFlags.orderId} = ${orders.id} and ${orderFlags.clearedAt} is null)))::int`,
        // Open orders whose buyer nobody has shown to be real yet.
        unverified: sql<number>`(count(*) filter (where ${orders.verification} <> 'verified' and ${orders.orderStatus} = 'Pending' and ${orders.paymentStatus} = 'Pending'))::int`,
      })
      .from(orders),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.role} = 'customer'`),
    db
      .select({
        day: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        pesewas: sql<number>`sum(${netPesewas})::bigint`,
      })
      .from(orders)
      .where(sql`${countsAsSale} and ${orders.createdAt} >= ${firstDay.toISOString()}::timestamptz`)
      .groupBy(sql`1`),
    db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(5),
    lowStockProducts(db, LIMITS.lowStockThreshold),
    // Cash on Delivery orders holding stock until an admin confirms them, the most urgent first.
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        fullName: orders.fullName,
        totalPesewas: orders.totalPesewas,
        confirmBy: orders.holdExpiresAt,
        verification: orders.verification,
        stockHeld: orders.stockHeld,
      })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'Cash on Delivery'), eq(orders.orderStatus, 'Pending'), isNotNull(orders.holdExpiresAt)))
      .orderBy(asc(orders.holdExpiresAt))
      .limit(AWAITING_CONFIRMATION_SHOWN),
    countGuestBuyers(db, secret),
  ]);

  const byDay = new Map(perDay.map((d) => [d.day, Number(d.pesewas)]));
  const salesByDay = Array.from({ length: SALES_DAYS }, (_, i) => {
    const date = dayOf(new Date(firstDay.getTime() + i * DAY_MS));
    return { date, total: toCedis(byDay.get(date) ?? 0) };
  });

  return {
    totalSales: toCedis(Number(totals?.salesPesewas ?? 0)),
    totalOrders: totals?.orderCount ?? 0,
    totalCustomers: customers?.n ?? 0,
    guestBuyers,
    needsAttention: totals?.needsAttention ?? 0,
    salesByDay,
    recentOrders: await toAdminOrders(db, recentRows),
    lowStock,
    awaitingConfirmation: unconfirmed.map((row) => ({
      _id: row.id,
      orderNumber: row.orderNumber,
      fullName: row.fullName,
      total: toCedis(row.totalPesewas),
      confirmBy: (row.confirmBy as Date).toISOString(),
      verification: row.verification,
      stockHeld: row.stockHeld,
    })),
    unverifiedOrders: totals?.unverified ?? 0,
  };
}
