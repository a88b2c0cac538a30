import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { OrderFlagKind } from '@/shared/back-office';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { OrderFlag } from '@/shared/types';
import type { Db } from '../../db/client';
import { orderFlags } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { type NotifyContext, queueFlagAlert } from '../../notify/outbox';

/**
 * Typed admin flags (ARCHITECTURE §8b). Raising is idempotent: while a flag of that kind is open on
 * the order, a second raise (a retried webhook, another process) adds nothing. Flags are admin-only.
 */
export async function raiseFlag(tx: Tx, orderId: string, kind: OrderFlagKind, reason: string, notify: NotifyContext): Promise<void> {
  const [raised] = await tx.insert(orderFlags).values({ orderId, kind, reason, createdAt: notify.now }).onConflictDoNothing().returning({ id: orderFlags.id });
  // The owner hears of a flag as it is raised, in the same transaction (the outbox).
  if (raised) await queueFlagAlert(tx, notify, orderId, raised.id, kind, reason);
}

/** Settles open flags that a later event made moot (an order restored, a payment set back), with a note saying so. */
export async function settleFlags(tx: DbOrTx, orderId: string, kinds: OrderFlagKind[], note: string, now: Date): Promise<void> {
  await tx
    .update(orderFlags)
    .set({ clearedAt: now, clearNote: note })
    .where(and(eq(orderFlags.orderId, orderId), inArray(orderFlags.kind, kinds), isNull(orderFlags.clearedAt)));
}

/** An admin clears one open flag with a note; answers the order it belongs to. */
export async function clearFlag(db: Db, flagId: string, note: string, adminId: string, now: Date): Promise<string> {
  if (!isId(flagId)) throw notFound(SERVER_MESSAGES.flagNotFound);
  const [flag] = await db.select().from(orderFlags).where(eq(orderFlags.id, flagId));
  if (!flag) throw notFound(SERVER_MESSAGES.flagNotFound);
  const [cleared] = await db
    .update(orderFlags)
    .set({ clearedAt: now, clearNote: note, clearedBy: adminId })
    .where(and(eq(orderFlags.id, flagId), isNull(orderFlags.clearedAt)))
    .returning({ orderId: orderFlags.orderId });
  if (!cleared) throw conflict(SERVER_MESSAGES.flagAlreadyCleared);
  return cleared.orderId;
}

/** Every flag of these orders, open and cleared, oldest first. */
export async function flagsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderFlag[]>> {
  const byOrder = new Map<string, OrderFlag[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderFlags).where(inArray(orderFlags.orderId, orderIds)).orderBy(asc(orderFlags.createdAt), asc(orderFlags.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      _id: row.id,
      kind: row.kind,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      clearedAt: row.clearedAt?.toISOString() ?? null,
      clearNote: row.clearNote,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
