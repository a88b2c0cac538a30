import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES, ORDER_FLAGS, REFUND_STATUSES } from '@/shared/back-office';
import { DECLINE_REASONS, MOMO_NETWORK_CODES } from '@/shared/momo';
import { users } from './accounts';
import { at, createdAt, partOf, rowId } from './columns';
import { orders } from './orders';

/** One Mobile Money attempt on an order, under a reference the provider knows. */
export const payments = pgTable(
  'payments',
  {
    reference: text('reference').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    amountPesewas: integer('amount_pesewas').notNull(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    /** Null while the provider is being asked for it. */
    paymentLink: text('payment_link'),
    /** The sandbox provider's side of the payment (what Approve or Decline chose). */
    sandboxOutcome: text('sandbox_outcome', { enum: ['success', 'failed'] }),
    /** Why a payment the provider called successful was not accepted (amount or currency). */
    failureReason: text('failure_reason'),
    /** When the provider was last asked about it: at most once per 10 s, across processes. */
    lastCheckedAt: at('last_checked_at'),
    /** `page`: the shopper pays on Paystack's page; `charge`: approved on the phone from the shop's own page. */
    channel: text('channel', { enum: ['page', 'charge'] })
      .notNull()
      .default('page'),
    /** A charge's wallet: local form `0XXXXXXXXX`, and the network's Paystack code. */
    momoPhone: text('momo_phone'),
    momoNetwork: text('momo_network', { enum: MOMO_NETWORK_CODES }),
    /** A charge in progress: `starting` until the provider answers, then what the network asks for. */
    chargeState: text('charge_state', { enum: ['starting', 'approve', 'otp'] }),
    /** What the network says to do (Telecel's voucher steps), shown as it is. */
    displayText: text('display_text'),
    /** When the shopper's prompt runs out; the attempt is final after it once the provider is asked again. */
    chargeExpiresAt: at('charge_expires_at'),
    /** Why a charge ended unpaid, for the shopper's words. */
    declineReason: text('decline_reason', { enum: DECLINE_REASONS }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // One payment in progress per order: two taps on Pay cannot start two charges.
    uniqueIndex('payments_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Typed admin flags (ARCHITECTURE §8b): one open flag of a kind per order, cleared with a note. */
export const orderFlags = pgTable(
  'order_flags',
  {
    id: rowId(),
    orderId: partOf('order_id', () => orders.id),
    kind: text('kind', { enum: ORDER_FLAGS }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    clearedAt: at('cleared_at'),
    clearNote: text('clear_note'),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('order_flags_one_open').on(t.orderId, t.kind).where(sql`${t.clearedAt} is null`),
    index('order_flags_open_idx').on(t.kind).where(sql`${t.clearedAt} is null`),
    check('order_flags_kind_check', sql.raw(`kind in (${ORDER_FLAGS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/** Money sent back on a paid order: started by an admin or reported by the provider's webhooks. */
export const refunds = pgTable(
  'refunds',
  {
    id: rowId(),
    orderId: partOf('order_id', () => orders.id),
    paymentReference: text('payment_reference').notNull(),
    /** The provider's refund id; its webhooks name it again. */
    providerRefundId: text('provider_refund_id'),
    amountPesewas: integer('amount_pesewas').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    returnedToStock: boolean('returned_to_stock').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_id_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountPesewas} > 0`),
  ],
);

/** A chargeback opened by the shopper's bank or network, as the provider reports it. */
export const disputes = pgTable(
  'disputes',
  {
    id: rowId(),
    orderId: partOf('order_id', () => orders.id),
    paymentReference: text('payment_reference').notNull(),
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    amountPesewas: integer('amount_pesewas'),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    resolution: text('resolution'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [index('disputes_order_idx').on(t.orderId)],
);
