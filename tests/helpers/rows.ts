import { and, eq, isNull } from 'drizzle-orm';
import { orderFlags, orders, products } from '@/server/db/schema';
import type { TestApi } from './api';

/** A product's stock straight from the database. */
export async function stockOf(api: TestApi, productId: string): Promise<number | undefined> {
  const [row] = await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

/** An order's row straight from the database. */
export async function orderRow(api: TestApi, orderId: string) {
  const [row] = await api.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The kinds of an order's open admin flags, sorted. */
export async function openFlags(api: TestApi, orderId: string): Promise<string[]> {
  const rows = await api.db
    .select({ kind: orderFlags.kind })
    .from(orderFlags)
    .where(and(eq(orderFlags.orderId, orderId), isNull(orderFlags.clearedAt)));
  return rows.map((row) => row.kind).sort();
}

/** The open flags of an admin answer's order, sorted. */
export const openFlagsOf = (order: { flags: { kind: string; clearedAt: string | null }[] }) =>
  order.flags
    .filter((flag) => flag.clearedAt === null)
    .map((flag) => flag.kind)
    .sort();
