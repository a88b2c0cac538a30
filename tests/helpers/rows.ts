import { eq } from 'drizzle-orm';
import { orders, products } from '../../src/server/db/schema';
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
