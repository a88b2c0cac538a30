import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages';
import { PAYMENT_REFERENCE } from '../../shared/schemas/orders';
import type { InitializePaymentAnswer, VerifyPaymentAnswer, VerifyStatus } from '../../shared/types';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { orders, payments } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import type { Logger } from '../logger';
import { type PaymentProvider, ProviderError, type ProviderVerdict } from '../payments/provider';
import { dueHeldOrders, expireHeldOrders, findAccessibleOrder, forgetOldOrderTokens, type OrderActor } from './orders';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  log: Logger;
  /** Where the provider sends the shopper back after paying. */
  publicUrl: string;
}

type PaymentRow = typeof payments.$inferSelect;

const unavailable = () => new AppError(502, MESSAGES.paymentUnavailable);

/**
 * Starts (or resumes) the Mobile Money payment of an order. The amount is the order's total, never
 * what the client says. While a payment is in progress the same reference and link come back, so
 * a second tap on Pay cannot start a second charge.
 */
export async function initializePayment(deps: PaymentDeps, orderId: string, actor: OrderActor, now: Date): Promise<InitializePaymentAnswer> {
  const { db, provider } = deps;
  const order = await findAccessibleOrder(db, orderId, actor, { allowAdmin: false });
  if (order.paymentMethod !== 'Mobile Money') throw conflict(MESSAGES.orderNotMobileMoney);
  if (order.paymentStatus === 'Paid') throw conflict('This order is already paid.');
  if (order.orderStatus !== 'Pending' || (order.holdExpiresAt && order.holdExpiresAt <= now)) throw conflict(MESSAGES.orderNotPayable);

  const answer = (row: { reference: string; paymentLink: string }) => ({
    payment_link: row.paymentLink,
    reference: row.reference,
    message: MESSAGES.paymentLinkReady,
  });

  const [current] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
  if (current) {
    if (!current.paymentLink) throw conflict('The payment is being started. Please try again in a moment.');
    // The provider may have finished it without telling us: only a payment still open is handed out again.
    const status = await settle(deps, current, now).catch(() => 'pending' as const);
    if (status === 'success') throw conflict('This order is already paid.');
    if (status === 'pending') return answer({ reference: current.reference, paymentLink: current.paymentLink });
  }

  const reference = `${order.orderNumber}-${randomBytes(6).toString('hex')}`;
  try {
    // The row first (one pending payment per order is a unique index), the provider second.
    await db
      .insert(payments)
      .values({ reference, orderId: order.id, provider: provider.name, amountPesewas: order.totalPesewas, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The payment is being started. Please try again in a moment.');
    throw error;
  }

  let paymentLink: string;
  try {
    ({ paymentLink } = await provider.start({
      reference,
      amountPesewas: order.totalPesewas,
      email: order.email,
      callbackUrl: `${deps.publicUrl}/checkout?reference=${encodeURIComponent(reference)}`,
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
  await db.update(payments).set({ paymentLink, updatedAt: now }).where(eq(payments.reference, reference));
  await db.update(orders).set({ paymentReference: reference, updatedAt: now }).where(eq(orders.id, order.id));
  return answer({ reference, paymentLink });
}

/**
 * Applies what the provider says about one payment. A success counts only when the amount is the
 * order's total in pesewas and the currency GHS, and marks the order Paid once however often it is
 * reported (verify polls, webhooks, several processes). A payment that lands on a cancelled order is
 * recorded and flagged for a person.
 */
export async function applyVerdict(deps: Pick<PaymentDeps, 'db' | 'log'>, payment: PaymentRow, verdict: ProviderVerdict, now: Date): Promise<VerifyStatus> {
  const { db, log } = deps;
  if (verdict.status === 'pending') return payment.status === 'abandoned' ? 'abandoned' : 'pending';
  if (verdict.status === 'failed') {
    await db
      .update(payments)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(payments.reference, payment.reference), ne(payments.status, 'success')));
    return 'failed';
  }

  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return 'failed';
  if (verdict.amountPesewas !== payment.amountPesewas || verdict.amountPesewas !== order.totalPesewas || verdict.currency !== 'GHS') {
    // The provider's text is stored: only something shaped like a currency code goes in (a NUL cannot).
    const currency = verdict.currency !== undefined && /^[A-Z]{3}$/i.test(verdict.currency) ? verdict.currency : '?';
    const reason = `charged ${verdict.amountPesewas ?? '?'} ${currency}, expected ${order.totalPesewas} GHS`;
    log.warn('payment amount mismatch', { reference: payment.reference, orderId: order.id, reason });
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(payments)
        .set({ status: 'failed', failureReason: reason, updatedAt: now })
        .where(and(eq(payments.reference, payment.reference), ne(payments.status, 'success'), sql`${payments.failureReason} is null`))
        .returning({ reference: payments.reference });
      // Money moved but not the right money: a person has to sort it out.
      if (changed) await tx.update(orders).set({ needsAttention: 'payment amount mismatch', updatedAt: now }).where(eq(orders.id, order.id));
    });
    return 'failed';
  }

  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(payments)
      .set({ status: 'success', failureReason: null, updatedAt: now })
      .where(and(eq(payments.reference, payment.reference), ne(payments.status, 'success')))
      .returning({ reference: payments.reference });
    if (!settled) return; // already applied by another poll, webhook or process
    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: 'Paid',
        paidAt: now,
        paymentReference: payment.reference,
        holdExpiresAt: null,
        updatedAt: now,
        // Paid after the hold ran out (or after the shopper cancelled): the stock is gone, a person decides.
        needsAttention: sql`case when ${orders.orderStatus} = 'Cancelled' then case when ${orders.cancelReason} = 'expired' then 'paid after expiry' else 'paid after cancellation' end else ${orders.needsAttention} end`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'Pending')))
      .returning({ id: orders.id });
    if (!paid) {
      // The order was already paid through another reference: one of the two must be refunded.
      await tx.update(orders).set({ needsAttention: 'paid twice', updatedAt: now }).where(eq(orders.id, order.id));
      log.warn('order paid twice', { orderId: order.id, reference: payment.reference });
    }
  });
  return 'success';
}

/** A payment by its reference; a malformed reference is simply not found. */
export async function findPayment(db: Db, reference: string): Promise<PaymentRow | undefined> {
  if (!PAYMENT_REFERENCE.test(reference)) return undefined;
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  return payment;
}

/** Asks the provider about a payment it has not settled yet and applies the answer. */
async function settle(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<VerifyStatus> {
  if (payment.status === 'success') return 'success';
  if (payment.status === 'failed') return 'failed';
  let verdict: ProviderVerdict;
  try {
    verdict = await deps.provider.verify(payment.reference);
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.warn('payment verify failed', { reference: payment.reference, error: error.message });
      throw unavailable();
    }
    throw error;
  }
  return applyVerdict(deps, payment, verdict, now);
}

/** `GET /verifyPayment/{reference}`: the payment's state, settled with the provider when still open. */
export async function verifyPayment(deps: PaymentDeps, reference: string, actor: OrderActor, now: Date): Promise<VerifyPaymentAnswer> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) throw notFound(MESSAGES.paymentNotFound);
  // Someone else's payment answers exactly like a missing one.
  await findAccessibleOrder(deps.db, payment.orderId, actor, { allowAdmin: true }).catch((error) => {
    throw error instanceof AppError && error.status === 404 ? notFound(MESSAGES.paymentNotFound) : error;
  });
  const status = await settle(deps, payment, now);
  const [order] = await deps.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, payment.orderId));
  return { status, orderId: payment.orderId, paymentStatus: order?.paymentStatus ?? 'Pending' };
}

/** Settles a payment by reference without an actor: the sandbox page and webhooks. */
export async function settleByReference(deps: PaymentDeps, reference: string, now: Date, verdict?: ProviderVerdict): Promise<VerifyStatus | undefined> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) return undefined;
  return verdict ? applyVerdict(deps, payment, verdict, now) : settle(deps, payment, now);
}

/**
 * The periodic job: unpaid Mobile Money orders past their hold are cancelled and their stock
 * returned. A payment may have gone through without a word reaching us, so the provider is asked
 * first; if it cannot be reached the order expires anyway and a late payment is flagged.
 */
export async function runOrderExpiry(deps: PaymentDeps, now: Date): Promise<{ expired: number; paid: number }> {
  const due = await dueHeldOrders(deps.db, now);
  let paid = 0;
  const toExpire: string[] = [];
  for (const order of due) {
    const payment = order.paymentReference ? await findPayment(deps.db, order.paymentReference) : undefined;
    if (payment) {
      const status = await settle(deps, payment, now).catch(() => 'pending' as const);
      if (status === 'success') {
        paid += 1;
        continue;
      }
    }
    toExpire.push(order.id);
  }
  const expired = await expireHeldOrders(deps.db, toExpire, now);
  await forgetOldOrderTokens(deps.db, now);
  if (expired.length > 0 || paid > 0) deps.log.info('order holds checked', { expired: expired.length, paidLate: paid });
  return { expired: expired.length, paid };
}
