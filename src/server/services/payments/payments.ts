import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { formatCedis, toCedis } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { InitializePaymentAnswer, VerifyPaymentAnswer, VerifyStatus } from '@/shared/types';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { disputes, orders, payments, refunds } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { notifyAt, queueRefundMessages } from '../../notify/outbox';
import { type PaymentEvent, type PaymentProvider, ProviderError } from '../../payments/provider';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { dueHeldOrders, expireHeldOrders } from '../orders/order-cancel';
import { raiseFlag } from '../orders/order-flags';
import { releaseUnverifiedStock } from '../orders/order-verification';
import { findAccessibleOrder, type OrderActor } from '../orders/orders';
import { releaseOrderStock } from '../orders/stock';
import { chargeAttemptView, settleChargeAttempt } from './momo-charge';
import {
  assertPayable,
  beingStarted,
  checkPayment,
  extendHold,
  findAccessiblePayment,
  findPayment,
  lockOrderRow,
  type PaymentDeps,
  type PaymentRow,
  requireProvider,
  requireStartingProvider,
  startInFlight,
  unavailable,
} from './payment-checks';

/**
 * Starts (or resumes) the Mobile Money payment of an order. The amount is the order's total, never
 * what the client says. While a payment is in progress the same reference and link come back, so
 * a second tap on Pay cannot start a second charge. Starting extends the hold to at least 10
 * minutes from now, never past 60 minutes after the order was placed.
 */
export async function initializePayment(deps: PaymentDeps, orderId: string, actor: OrderActor, now: Date): Promise<InitializePaymentAnswer> {
  const { db } = deps;
  const provider = await requireStartingProvider(deps);
  const order = await findAccessibleOrder(db, orderId, actor, { allowAdmin: false });
  if (order.paymentMethod !== 'Mobile Money') throw conflict(SERVER_MESSAGES.orderNotMobileMoney);
  const answer = (row: { reference: string; paymentLink: string }) => ({
    payment_link: row.paymentLink,
    reference: row.reference,
    message: SERVER_MESSAGES.paymentLinkReady,
  });

  const [current] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
  // "Pay on Paystack's page instead": a charge waiting on the phone is stopped first, once the provider says it is not paid.
  if (current?.channel === 'charge') {
    if (startInFlight(deps, current, now)) throw beingStarted();
    if ((await settleChargeAttempt(deps, current, 'cancelled', now)) === 'paid') throw conflict('This order is already paid.');
  }
  if (current?.paymentLink) {
    // The provider may have finished it without telling us: only a payment still open is handed out again.
    const status = await checkPayment(deps, current, now).catch(() => 'pending' as const);
    if (status === 'success') throw conflict('This order is already paid.');
    if (status === 'pending') {
      await db.transaction(async (tx) => {
        const row = await lockOrderRow(tx, order.id);
        if (!row) throw notFound(PAGE_MESSAGES.orderNotFound);
        assertPayable(row, now);
        await extendHold(tx, row, now);
      });
      return answer({ reference: current.reference, paymentLink: current.paymentLink });
    }
  }

  const reference = `${order.orderNumber}-${randomBytes(6).toString('hex')}`;
  await db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, order.id);
    if (!row) throw notFound(PAGE_MESSAGES.orderNotFound);
    assertPayable(row, now);
    // A start whose process died (a crash, a deploy) leaves its mark; by its age alone it stops blocking.
    await tx
      .update(payments)
      .set({ status: 'abandoned', updatedAt: now })
      .where(
        and(
          eq(payments.orderId, row.id),
          eq(payments.status, 'pending'),
          eq(payments.channel, 'page'),
          isNull(payments.paymentLink),
          lte(payments.createdAt, new Date(now.getTime() - deps.startStaleMs)),
        ),
      );
    await extendHold(tx, row, now);
    try {
      // The row first (one pending payment per order is a unique index), the provider second.
      await tx
        .insert(payments)
        .values({ reference, orderId: row.id, provider: provider.name, amountPesewas: row.totalPesewas, createdAt: now, updatedAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw beingStarted();
      throw error;
    }
  });

  let paymentLink: string;
  try {
    ({ paymentLink } = await provider.start({
      reference,
      amountPesewas: order.totalPesewas,
      email: order.email,
      // Paystack appends `?trxref=…&reference=…` itself: the address carries neither.
      callbackUrl: `${deps.publicUrl}/checkout`,
      metadata: { orderId: order.id, orderNumber: order.orderNumber },
    }));
  } catch (error) {
    await db.delete(payments).where(eq(payments.reference, reference));
    if (error instanceof ProviderError) {
      deps.log.warn('payment start failed', { orderId: order.id, error: error.message });
      throw unavailable();
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await lockOrderRow(tx, order.id);
    await tx.update(payments).set({ paymentLink, updatedAt: now }).where(eq(payments.reference, reference));
    await tx
      .update(orders)
      .set({ paymentReference: reference, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'Pending')));
  });
  return answer({ reference, paymentLink });
}

/** Every attempt of an order that is not final here yet, newest first. */
function unsettledPayments(db: Db, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.status, 'success'), isNull(payments.failureReason)))
    .orderBy(desc(payments.createdAt));
}

/**
 * Asks again about every attempt of an unpaid order (a shopper may pay on an earlier reference after
 * a decline). Answers whether any paid it, and whether the provider failed to answer about one.
 */
async function recheckOrder(
  deps: PaymentDeps,
  orderId: string,
  now: Date,
  options: { force?: boolean; timeoutMs?: number } = {},
): Promise<{ paid: boolean; unanswered: boolean }> {
  let paid = false;
  let unanswered = false;
  for (const payment of await unsettledPayments(deps.db, orderId)) {
    try {
      const status = await checkPayment(deps, payment, now, options);
      if (status === 'success') paid = true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unanswered = true;
    }
  }
  return { paid, unanswered };
}

/**
 * `GET /verifyPayment/{reference}` ("check again"): every attempt of the order is asked about, and
 * the answer says `success` once the order is paid by any of them.
 */
export async function verifyPayment(deps: PaymentDeps, reference: string, actor: OrderActor, now: Date): Promise<VerifyPaymentAnswer> {
  const { order } = await findAccessiblePayment(deps.db, reference, actor, { allowAdmin: true });
  const { unanswered } = order.paymentStatus === 'Paid' ? { unanswered: false } : await recheckOrder(deps, order.id, now);
  const [latest] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  const [stored] = await deps.db.select().from(payments).where(eq(payments.reference, reference));
  const paymentStatus = latest?.paymentStatus ?? 'Pending';
  // The provider could not be asked and nothing is known: the shopper hears that, not a guess.
  if (unanswered && paymentStatus !== 'Paid' && stored?.status === 'pending') throw unavailable();
  return {
    status: paymentStatus === 'Paid' ? 'success' : (stored?.status ?? 'pending'),
    orderId: order.id,
    paymentStatus,
    orderStatus: latest?.orderStatus ?? order.orderStatus,
    ...(stored?.channel === 'charge' ? { charge: chargeAttemptView(stored, now) } : {}),
  };
}

/** The sandbox page: the shopper's choice is settled at once, as Paystack's webhook would. */
export async function settleByReference(deps: PaymentDeps, reference: string, now: Date): Promise<VerifyStatus | undefined> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) return undefined;
  await recheckOrder(deps, payment.orderId, now, { force: true });
  const [after] = await deps.db.select({ status: payments.status }).from(payments).where(eq(payments.reference, reference));
  return after?.status;
}

/**
 * A signed webhook. A charge event never pays from its body: the shop verifies every open attempt
 * of that order itself. Refund and dispute events are recorded on the order and flagged.
 */
export async function handlePaymentEvent(deps: PaymentDeps, event: PaymentEvent, now: Date): Promise<'applied' | 'unknown'> {
  const payment = await findPayment(deps.db, event.reference);
  if (!payment) {
    deps.log.warn('webhook for an unknown payment', { event: event.event, reference: event.reference.slice(0, 100) });
    return 'unknown';
  }
  if (event.kind === 'charge') {
    // Signed by Paystack, so not a client's poll: every open attempt is asked about now.
    await recheckOrder(deps, payment.orderId, now, { force: true });
    return 'applied';
  }
  if (event.kind === 'refund') {
    await recordRefundEvent(deps, payment, event, now);
    return 'applied';
  }
  await deps.db.transaction(async (tx) => {
    await lockOrderRow(tx, payment.orderId);
    const resolved = event.status === 'resolved';
    await tx
      .insert(disputes)
      .values({
        orderId: payment.orderId,
        paymentReference: payment.reference,
        providerDisputeId: event.providerDisputeId,
        amountPesewas: event.amountPesewas,
        status: event.status,
        resolution: event.resolution,
        createdAt: now,
        resolvedAt: resolved ? now : null,
      })
      .onConflictDoUpdate({
        target: disputes.providerDisputeId,
        // A late 'open' (remind) never reopens a resolved dispute.
        set: resolved
          ? { status: 'resolved', resolution: event.resolution, resolvedAt: now }
          : { amountPesewas: sql`coalesce(excluded.amount_pesewas, ${disputes.amountPesewas})` },
      });
    if (!resolved) {
      const amount = event.amountPesewas === null ? '' : ` for ${formatCedis(toCedis(event.amountPesewas))}`;
      await raiseFlag(
        tx,
        payment.orderId,
        'dispute_opened',
        `A dispute${amount} was opened on ${payment.reference}. Answer it on Paystack's dashboard.`,
        notifyAt(deps, now),
      );
    }
  });
  return 'applied';
}

const REFUND_RANK = { pending: 0, failed: 1, processed: 1 } as const;

async function recordRefundEvent(deps: PaymentDeps, payment: PaymentRow, event: Extract<PaymentEvent, { kind: 'refund' }>, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockOrderRow(tx, payment.orderId);
    // Most of Paystack's refund events carry no refund id ('' here): those match by payment and amount.
    const refundId = event.providerRefundId === '' ? null : event.providerRefundId;
    let [row] = refundId ? await tx.select().from(refunds).where(eq(refunds.providerRefundId, refundId)).for('update') : [];
    if (!row) {
      // The oldest refund of that payment and amount still under way (the webhook may also beat our own record of it).
      [row] = await tx
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.paymentReference, payment.reference),
            eq(refunds.amountPesewas, event.amountPesewas),
            eq(refunds.status, 'pending'),
            refundId ? isNull(refunds.providerRefundId) : undefined,
          ),
        )
        .orderBy(asc(refunds.createdAt))
        .limit(1)
        .for('update');
    }
    if (row) {
      // A final state is never undone by a late 'pending'.
      const status = REFUND_RANK[event.status] >= REFUND_RANK[row.status] ? event.status : row.status;
      await tx
        .update(refunds)
        .set({ providerRefundId: row.providerRefundId ?? refundId, status, updatedAt: now })
        .where(eq(refunds.id, row.id));
      if (status === 'processed') await queueRefundMessages(tx, notifyAt(deps, now), payment.orderId, row.id, row.amountPesewas);
    } else if (event.amountPesewas > 0) {
      // A refund made on Paystack's dashboard: recorded all the same.
      const [made] = await tx
        .insert(refunds)
        .values({
          orderId: payment.orderId,
          paymentReference: payment.reference,
          providerRefundId: refundId,
          amountPesewas: event.amountPesewas,
          status: event.status,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: refunds.id });
      if (made && event.status === 'processed') await queueRefundMessages(tx, notifyAt(deps, now), payment.orderId, made.id, event.amountPesewas);
    }
    if (event.status === 'failed') {
      await raiseFlag(
        tx,
        payment.orderId,
        'refund_failed',
        `Paystack could not refund ${formatCedis(toCedis(event.amountPesewas))} of ${payment.reference}.`,
        notifyAt(deps, now),
      );
    }
  });
}

/**
 * An admin refunds all or part of a paid Mobile Money order through the provider. The amount is
 * reserved in the same transaction that checks it (two admins cannot refund the money twice);
 * the items go back to stock only when asked, and only once the provider has taken the refund.
 */
export async function refundOrder(deps: PaymentDeps, orderId: string, input: { amountPesewas: number; returnToStock: boolean }, now: Date): Promise<void> {
  const provider = requireProvider(deps);
  const { db } = deps;
  const reserved = await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
    if (order.paymentMethod !== 'Mobile Money' || order.paymentStatus !== 'Paid' || !order.paymentReference) throw conflict(SERVER_MESSAGES.refundNotPossible);
    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reference, order.paymentReference), eq(payments.status, 'success')));
    if (!paid) throw conflict(SERVER_MESSAGES.refundNotPossible);
    const [{ refunded } = { refunded: 0 }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amountPesewas}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), ne(refunds.status, 'failed')));
    const left = order.totalPesewas - refunded;
    if (input.amountPesewas > left) throw conflict(SERVER_MESSAGES.refundTooLarge(formatCedis(toCedis(Math.max(left, 0)))));
    const [row] = await tx
      .insert(refunds)
      .values({ orderId: order.id, paymentReference: paid.reference, amountPesewas: input.amountPesewas, status: 'pending', createdAt: now, updatedAt: now })
      .returning({ id: refunds.id });
    if (!row) throw new Error('refund row not written');
    return { refundId: row.id, reference: paid.reference };
  });

  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    result = await provider.refund({ reference: reserved.reference, amountPesewas: input.amountPesewas });
  } catch (error) {
    await db.delete(refunds).where(eq(refunds.id, reserved.refundId));
    if (error instanceof ProviderError) {
      deps.log.warn('refund start failed', { orderId, error: error.message });
      throw new AppError(502, SERVER_MESSAGES.refundFailed);
    }
    throw error;
  }

  let stockMoved: string[] = [];
  await db.transaction(async (tx) => {
    await lockOrderRow(tx, orderId);
    const providerRefundId = result.providerRefundId === '' ? null : result.providerRefundId;
    const [early] = providerRefundId ? await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, providerRefundId)) : [];
    if (early && early.id !== reserved.refundId) {
      // Its webhook already recorded it: that record stands, ours goes.
      await tx.delete(refunds).where(eq(refunds.id, reserved.refundId));
    } else {
      await tx
        .update(refunds)
        .set({ providerRefundId, updatedAt: now, status: sql`case when ${refunds.status} = 'pending' then ${result.status} else ${refunds.status} end` })
        .where(eq(refunds.id, reserved.refundId));
    }
    const refundId = early?.id ?? reserved.refundId;
    if (input.returnToStock) {
      stockMoved = await releaseOrderStock(tx, orderId);
      await tx.update(refunds).set({ returnedToStock: true }).where(eq(refunds.id, refundId));
    }
    if (result.status === 'processed') await queueRefundMessages(tx, notifyAt(deps, now), orderId, refundId, input.amountPesewas);
    if (result.status === 'failed') {
      await raiseFlag(tx, orderId, 'refund_failed', `Paystack refused the refund of ${formatCedis(toCedis(input.amountPesewas))}.`, notifyAt(deps, now));
    }
  });
  if (stockMoved.length > 0) catalogueChanged(db, { kind: 'stock', productIds: stockMoved });
}

/**
 * The periodic job: unpaid Mobile Money orders past their hold are cancelled and their stock
 * returned. Every attempt of the order is asked about first, each call with its own short limit;
 * if the provider cannot be reached the order expires anyway, and money that lands later restores
 * it (or is flagged) through `applyVerdict`.
 */
export async function runOrderExpiry(deps: PaymentDeps, now: Date, options: { stopping?: () => boolean } = {}): Promise<{ expired: number; paid: number }> {
  // Unverified orders' brief holds first: their stock goes back, the orders wait on.
  const released = await releaseUnverifiedStock(deps.db, now);
  if (released > 0) deps.log.info('unverified holds released', { orders: released });
  const due = await dueHeldOrders(deps.db, now);
  let paid = 0;
  const toExpire: string[] = [];
  for (const order of due) {
    // A graceful stop waits for at most the order being asked about; the rest wait for the next run.
    if (options.stopping?.()) break;
    const outcome = await recheckOrder(deps, order.id, now, { timeoutMs: deps.expiryCallTimeoutMs });
    if (outcome.paid) {
      paid += 1;
      continue;
    }
    toExpire.push(order.id);
  }
  const expired = await expireHeldOrders(deps.db, notifyAt(deps, now), toExpire);
  if (expired.length > 0 || paid > 0) deps.log.info('order holds checked', { expired: expired.length, paidLate: paid });
  return { expired: expired.length, paid };
}
