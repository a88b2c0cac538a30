import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '@/shared/back-office';
import { users } from './accounts';
import { at, createdAt, inList, rowId } from './columns';
import { orders } from './orders';

/**
 * The transactional outbox (ARCHITECTURE §5b): each message is written in the transaction of the
 * event that causes it, then delivered after the commit by the sender (notify/sender.ts). One row per
 * event, channel and recipient (`dedupeKey`), so a retried event writes nothing twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: rowId(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    audience: text('audience', { enum: ['shopper', 'owner'] }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** A secret part (a reset link or code), AES-GCM under the server secret; erased once sent or expired. */
    secretSealed: text('secret_sealed'),
    secretExpiresAt: at('secret_expires_at'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** When a sender took it; a row left `sending` long after this was cut off mid-send (a crash). */
    claimedAt: at('claimed_at'),
    /** How often a sender was cut off mid-send with it. */
    cutOffs: integer('cut_offs').notNull().default(0),
    /** When its sender handed it to the channel: a stale `sending` row with it may have gone (notify/sender.ts). */
    handedAt: at('handed_at'),
    /** The admin's resends: how many, the last one's time and admin. */
    resends: integer('resends').notNull().default(0),
    resentAt: at('resent_at'),
    resentBy: uuid('resent_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    provider: text('provider'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_order_idx').on(t.orderId, t.createdAt),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_kind_check', inList('kind', MESSAGE_KINDS)),
    check('outbox_channel_check', inList('channel', MESSAGE_CHANNELS)),
    check('outbox_status_check', inList('status', MESSAGE_STATUSES)),
    check('outbox_audience_check', sql`${t.audience} in ('shopper', 'owner')`),
  ],
);
