import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';

/** The order number the sandbox's payment page shows. */
export async function orderNumberOf(db: Db, orderId: string): Promise<string | undefined> {
  const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return order?.orderNumber;
}

/** The sandbox's side of the payment (Approve or Decline) is decided once, like a real charge. */
export async function recordSandboxOutcome(db: Db, reference: string, outcome: 'success' | 'failed', at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ sandboxOutcome: outcome, updatedAt: at })
    .where(and(eq(payments.reference, reference), isNull(payments.sandboxOutcome)));
}
