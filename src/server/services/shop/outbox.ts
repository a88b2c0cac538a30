import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OutboxMessage, OwnerAlertSettings } from '@/shared/admin-types';
import { isId } from '@/shared/schemas/fields';
import type { OutboxListQuery } from '@/shared/schemas/outbox';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Listed } from '@/shared/types';
import type { Db } from '../../db/client';
import { countRows, pageOf } from '../../db/paging';
import { orders, outboxMessages, shopSettings } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { NO_OWNER_ALERTS } from '../../notify/outbox';
import { FALLBACK_SETTINGS } from './shop';

type OutboxRow = typeof outboxMessages.$inferSelect;

/** A row as the admin sees it: never its secret part (that stays sealed, and is erased once sent). */
function toOutboxMessage(row: OutboxRow, orderNumber: string | null): OutboxMessage {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber,
    kind: row.kind,
    audience: row.audience,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    // A reset's link or code was never in the row: `{secret}` marks where it went.
    body: row.body.replaceAll('{secret}', '[hidden]'),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    resends: row.resends,
    resentAt: row.resentAt?.toISOString() ?? null,
  };
}

/** The admin's message log: one order's messages, or all of them, newest first. */
export async function listOutboxMessages(db: Db, query: OutboxListQuery): Promise<Listed<'messages', OutboxMessage>> {
  const where: SQL | undefined = and(
    query.orderId ? eq(outboxMessages.orderId, query.orderId) : undefined,
    query.status ? eq(outboxMessages.status, query.status) : undefined,
  );
  const { items, ...page } = await pageOf(
    query,
    (window) => {
      const rows = db.select().from(outboxMessages).where(where).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
      return window ? rows.limit(window.limit).offset(window.offset) : rows;
    },
    () => countRows(db, outboxMessages, where),
  );
  const orderIds = [...new Set(items.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  const numbers = new Map(
    orderIds.length === 0
      ? []
      : (await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, orderIds))).map((o) => [
          o.id,
          o.orderNumber,
        ]),
  );
  return { messages: items.map((row) => toOutboxMessage(row, row.orderId ? (numbers.get(row.orderId) ?? null) : null)), ...page };
}

/** The states an admin's resend takes a message out of (queued and sending are on their way already). */
const RESENDABLE = ['sent', 'failed', 'logged', 'unknown'] as const;

/**
 * The admin sends a message again: it goes back in the queue as new (a sent one, or one whose outcome
 * is unknown, makes a second copy: on purpose, after the admin checked), and the resend is recorded
 * (count, time, admin). A message whose secret part is gone cannot be sent again; one on its way
 * (queued or sending, also by a resend a moment ago: a second click) is answered as it is, unchanged.
 */
export async function resendOutboxMessage(db: Db, id: string, now: Date, adminId: string): Promise<OutboxMessage> {
  if (!isId(id)) throw notFound(SERVER_MESSAGES.messageNotFound);
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw notFound(SERVER_MESSAGES.messageNotFound);
  if (row.secretExpiresAt && !row.secretSealed) throw conflict(SERVER_MESSAGES.messageSecretGone);
  // The state is checked in the update itself: of two clicks at once, one queues it and the other finds it queued.
  const [queued] = await db
    .update(outboxMessages)
    .set({
      status: 'queued',
      attempts: 0,
      cutOffs: 0,
      nextAttemptAt: now,
      lastError: null,
      sentAt: null,
      claimedAt: null,
      handedAt: null,
      resends: sql`${outboxMessages.resends} + 1`,
      resentAt: now,
      resentBy: adminId,
    })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, RESENDABLE)))
    .returning();
  const [current] = queued ? [queued] : await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!current) throw notFound(SERVER_MESSAGES.messageNotFound);
  const [order] = current.orderId ? await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, current.orderId)) : [];
  return toOutboxMessage(current, order?.orderNumber ?? null);
}

/** The owner's alert settings (admin-only). */
export async function getOwnerAlerts(db: Db): Promise<OwnerAlertSettings> {
  const [row] = await db.select({ alerts: shopSettings.ownerAlerts }).from(shopSettings).where(eq(shopSettings.id, 1));
  return { ...NO_OWNER_ALERTS, ...(row?.alerts ?? {}) };
}

export async function saveOwnerAlerts(db: Db, alerts: OwnerAlertSettings, now: Date): Promise<OwnerAlertSettings> {
  const unique = { ...alerts, phones: [...new Set(alerts.phones)], emails: [...new Set(alerts.emails)] };
  // A shop that never saved its details starts from the fallback ones (what GET /settings shows).
  const { logo: _logo, ...fallback } = FALLBACK_SETTINGS;
  await db
    .insert(shopSettings)
    .values({ id: 1, ...fallback, ownerAlerts: unique, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ownerAlerts: unique, updatedAt: now } });
  return unique;
}
