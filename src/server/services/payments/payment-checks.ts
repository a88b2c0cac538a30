import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { declineReasonOf } from '@/shared/momo';
import { formatCedis, toCedis } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { PAYMENT_REFERENCE } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { VerifyStatus } from '@/shared/types';
import type { Db } from '../../db/client';
import { orders, payments, shopSettings } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError, conflict, notFound } from '../../errors';
import type { Logger } from '../../logger';
import { notifyAt, queueOrderMessages } from '../../notify/outbox';
import { type PaymentProvider, ProviderError, type ProviderVerdict } from '../../payments/provider';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { raiseFlag } from '../orders/order-flags';
import { findAccessibleOrder, type OrderActor, type OrderRow } from '../orders/orders';
import { retakeOrderStock } from '../orders/stock';

/**
 * Asking the provider about one payment attempt and applying its answer to the order: the one
 * place money turns an order Paid (or is flagged). The hosted page (payments.ts) and the charge
 * approved on the phone (momo-charge.ts) both go through here.
 */
export interface PaymentDeps {
  db: Db;
  /** Null when the shop takes no Mobile Money (no Paystack key and no sandbox): Cash on Delivery only. */
  provider: PaymentProvider | null;
  log: Logger;
  /** Where the provider sends the shopper back after paying. */
  publicUrl: string;
  /** False: the messages these events write leave their links out (notify/outbox.ts NotifySetup). */
  messageLinks?: boolean;
  /** The least time between two questions to the provider about one payment (10 s; tests may set 0). */
  checkIntervalMs: number;
  /** How long a payment start may be in flight before its mark counts as dead (longer than a provider call may take). */
  startStaleMs: number;
  /** Each provider call of the hold-expiry run, so one that never answers cannot stall the run. */
  expiryCallTimeoutMs: number;
  /** The shop's one server secret: the order links in the messages these events write. */
  secret: Buffer;
}

export type PaymentRow = typeof payments.$inferSelect;

/** A shopper mid-approval keeps the stock this long from starting a payment... */
const HOLD_AFTER_START_MS = 10 * 60_000;
/** ...but repeated taps never hold stock past this long after the order was placed. */
const HOLD_CEILING_MS = 60 * 60_000;

export const unavailable = () => new AppError(502, SERVER_MESSAGES.paymentUnavailable);
const noMobileMoney = () => conflict(SERVER_MESSAGES.mobileMoneyUnavailable);
export const beingStarted = () => conflict('The payment is being started. Please try again in a moment.');

export function requireProvider(deps: PaymentDeps): PaymentProvider {
  if (!deps.provider) throw noMobileMoney();
  return deps.provider;
}

/**
 * The provider a new payment starts with: the demo's sandbox no longer once the shop went live (in
 * any process: the settings row says). Checking a payment already started uses requireProvider.
 */
export async function requireStartingProvider(deps: PaymentDeps): Promise<PaymentProvider> {
  const provider = requireProvider(deps);
  if (!provider.demoOnly) return provider;
  const [row] = await deps.db.select({ demoShop: shopSettings.demoShop }).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row?.demoShop) throw noMobileMoney();
  return provider;
}

/** The order's row, locked: every payment path locks the order first, then its payments, so none deadlocks. */
export async function lockOrderRow(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export function assertPayable(row: OrderRow, now: Date): void {
  if (row.paymentStatus === 'Paid') throw conflict('This order is already paid.');
  if (row.orderStatus !== 'Pending' || (row.holdExpiresAt && row.holdExpiresAt <= now)) throw conflict(PAGE_MESSAGES.orderNotPayable);
}

export async function extendHold(tx: Tx, row: OrderRow, now: Date): Promise<void> {
  if (!row.holdExpiresAt) return;
  const ceiling = row.createdAt.getTime() + HOLD_CEILING_MS;
  const wanted = Math.min(Math.max(row.holdExpiresAt.getTime(), now.getTime() + HOLD_AFTER_START_MS), ceiling);
  if (wanted > row.holdExpiresAt.getTime())
    await tx
      .update(orders)
      .set({ holdExpiresAt: new Date(wanted) })
      .where(eq(orders.id, row.id));
}

/** The provider has not answered this attempt's start yet (or its process died before it did). */
export function isStarting(payment: PaymentRow): boolean {
  return payment.channel === 'charge' ? payment.chargeState === 'starting' : payment.paymentLink === null;
}

/** A start another request is still making: too young for its process to be presumed dead. */
export function startInFlight(deps: Pick<PaymentDeps, 'startStaleMs'>, payment: PaymentRow, now: Date): boolean {
  return isStarting(payment) && payment.createdAt.getTime() > now.getTime() - deps.startStaleMs;
}

/** A payment and its order, for a caller allowed to see that order; someone else's answers exactly like a missing one. */
export async function findAccessiblePayment(
  db: Db,
  reference: string,
  actor: OrderActor,
  options: { allowAdmin: boolean },
): Promise<{ payment: PaymentRow; order: OrderRow }> {
  const payment = await findPayment(db, reference);
  if (!payment) throw notFound(PAGE_MESSAGES.paymentNotFound);
  const order = await findAccessibleOrder(db, payment.orderId, actor, options).catch((error) => {
    throw error instanceof AppError && error.status === 404 ? notFound(PAGE_MESSAGES.paymentNotFound) : error;
  });
  return { payment, order };
}

/** Whether the provider's answer pays this order: GHS, the order total requested, and at least that charged. */
function amountProblem(verdict: ProviderVerdict, payment: PaymentRow, order: OrderRow): string | undefined {
  // The provider's text is stored: only something shaped like a currency code goes in (a NUL cannot).
  const currency = verdict.currency !== undefined && /^[A-Z]{3}$/i.test(verdict.currency) ? verdict.currency : '?';
  const requested = verdict.requestedAmountPesewas;
  const charged = verdict.amountPesewas;
  const ok =
    currency === 'GHS' && requested === order.totalPesewas && requested === payment.amountPesewas && typeof charged === 'number' && charged >= requested;
  if (ok) return undefined;
  const figure = (pesewas: number | undefined) => (typeof pesewas === 'number' ? `${pesewas} pesewas` : '?');
  return `Order total ${order.totalPesewas} pesewas GHS; Paystack says requested ${figure(requested)}, charged ${figure(charged)} ${currency}.`;
}

/**
 * Applies what the provider says about one payment. Money counts only when `amountProblem` finds
 * none, and marks the order Paid once however often it is reported (polls, webhooks, the expiry
 * run, several processes). Money on an order the hold already cancelled restores it when its stock
 * can be taken again; otherwise, and on an order cancelled by someone, it is recorded and flagged.
 */
export async function applyVerdict(deps: VerdictDeps, payment: PaymentRow, verdict: ProviderVerdict, now: Date): Promise<VerifyStatus> {
  const { db } = deps;
  if (verdict.status === 'pending') return payment.status === 'success' ? 'success' : payment.status === 'pending' ? 'pending' : payment.status;
  if (verdict.status === 'failed') {
    // A charge keeps the network's reason (a short wallet, a wrong number) for the shopper's words.
    const declineReason = payment.channel === 'charge' ? declineReasonOf(verdict.gatewayResponse) : null;
    await db
      .update(payments)
      .set({ status: 'failed', declineReason, updatedAt: now })
      .where(and(eq(payments.reference, payment.reference), eq(payments.status, 'pending')));
    return 'failed';
  }

  const { status, restocked } = await db.transaction((tx) => applySuccessVerdict(tx, deps, payment, verdict, now));
  if (restocked.length > 0) catalogueChanged(db, { kind: 'stock', productIds: restocked });
  return status;
}

type VerdictDeps = Pick<PaymentDeps, 'db' | 'log' | 'provider' | 'secret' | 'publicUrl' | 'messageLinks'>;

/** What applying a verdict did: the answer, and the products whose stock it took again. */
interface VerdictOutcome {
  status: VerifyStatus;
  restocked: string[];
}

/** applyVerdict's transaction for a successful charge: the payment and its order locked, the amount checked, then the order paid. */
async function applySuccessVerdict(tx: Tx, deps: VerdictDeps, payment: PaymentRow, verdict: ProviderVerdict, now: Date): Promise<VerdictOutcome> {
  const { log } = deps;
  const order = await lockOrderRow(tx, payment.orderId);
  if (!order) return { status: 'failed', restocked: [] };
  const [locked] = await tx.select().from(payments).where(eq(payments.reference, payment.reference)).for('update');
  if (!locked) return { status: 'failed', restocked: [] };
  if (locked.status === 'success') return { status: 'success', restocked: [] }; // already applied by another poll, webhook or process

  const problem = amountProblem(verdict, locked, order);
  if (problem) {
    // Money moved but not the right money: the order stays unpaid and a person sorts it out.
    if (locked.failureReason === null) log.warn('payment amount mismatch', { reference: locked.reference, orderId: order.id, reason: problem });
    await tx.update(payments).set({ status: 'failed', failureReason: problem, updatedAt: now }).where(eq(payments.reference, locked.reference));
    await raiseFlag(tx, order.id, 'amount_mismatch', `${locked.reference}: ${problem}`, notifyAt(deps, now));
    return { status: 'failed', restocked: [] };
  }

  await tx.update(payments).set({ status: 'success', failureReason: null, updatedAt: now }).where(eq(payments.reference, locked.reference));
  if (locked.provider === 'sandbox') {
    await raiseFlag(tx, order.id, 'test_payment', `${locked.reference} was simulated by the sandbox: no money moved.`, notifyAt(deps, now));
  }
  if (order.paymentStatus === 'Paid') {
    // The order was already paid through another reference: one of the two must be refunded.
    log.warn('order paid twice', { orderId: order.id, reference: locked.reference });
    await raiseFlag(
      tx,
      order.id,
      'paid_twice',
      `${locked.reference} paid ${formatCedis(toCedis(locked.amountPesewas))} after ${order.paymentReference ?? 'another payment'} had paid the order.`,
      notifyAt(deps, now),
    );
    return { status: 'success', restocked: [] };
  }
  return { status: 'success', restocked: await markOrderPaid(tx, deps, order, locked, now) };
}

/**
 * Marks a locked, unpaid order Paid by a locked, successful payment; the products whose stock it took
 * again. An order the hold cancelled is restored when its stock can be taken; any other cancelled one is flagged.
 */
async function markOrderPaid(tx: Tx, deps: VerdictDeps, order: OrderRow, locked: PaymentRow, now: Date): Promise<string[]> {
  const { log } = deps;
  let restocked: string[] = [];
  // Money proves the buyer: a paid order is verified, and holds its stock for good.
  const paid = {
    paymentStatus: 'Paid' as const,
    paidAt: now,
    paymentReference: locked.reference,
    holdExpiresAt: null,
    verification: 'verified' as const,
    stockReleaseAt: null,
    updatedAt: now,
  };
  if (order.orderStatus !== 'Cancelled') {
    await tx.update(orders).set(paid).where(eq(orders.id, order.id));
    await queueOrderMessages(tx, notifyAt(deps, now), order.id, 'payment_received');
    // An unverified order past the share (or whose brief hold ran out) put nothing aside: it does now, or a person decides.
    const retaken = await retakeOrderStock(tx, order.id);
    if ('short' in retaken) {
      await raiseFlag(
        tx,
        order.id,
        'paid_without_stock',
        `${locked.reference} paid, but its items could not be put aside (${retaken.short}) Fulfil or refund.`,
        notifyAt(deps, now),
      );
    } else restocked = retaken.moved;
    return restocked;
  }
  if (order.cancelReason === 'expired') {
    const retaken = await retakeOrderStock(tx, order.id);
    if (!('short' in retaken)) {
      restocked = retaken.moved;
      await tx
        .update(orders)
        .set({ ...paid, orderStatus: 'Pending', cancelReason: null, cancelledAt: null })
        .where(eq(orders.id, order.id));
      log.info('order restored by a late payment', { orderId: order.id, reference: locked.reference });
      await queueOrderMessages(tx, notifyAt(deps, now), order.id, 'payment_received');
      return restocked;
    }
    await tx.update(orders).set(paid).where(eq(orders.id, order.id));
    await raiseFlag(
      tx,
      order.id,
      'paid_after_expiry',
      `${locked.reference} arrived after the hold ran out and the stock could not be taken again (${retaken.short}) Refund or fulfil.`,
      notifyAt(deps, now),
    );
    return restocked;
  }
  // Cancelled by the shopper or the shop: never restored on its own.
  await tx.update(orders).set(paid).where(eq(orders.id, order.id));
  await raiseFlag(
    tx,
    order.id,
    'paid_after_cancellation',
    `${locked.reference} arrived after the order was cancelled (${order.cancelReason === 'admin' ? 'by the shop' : 'by the shopper'}).`,
    notifyAt(deps, now),
  );
  return restocked;
}

/** A payment by its reference; a malformed reference is simply not found. */
export async function findPayment(db: Db, reference: string): Promise<PaymentRow | undefined> {
  if (!PAYMENT_REFERENCE.test(reference)) return undefined;
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  return payment;
}

const storedStatus = (payment: PaymentRow): VerifyStatus => payment.status;

/**
 * Asks the provider about one payment and applies the answer. However often clients poll, the
 * provider is asked at most once per `checkIntervalMs` per payment, across processes (the time of
 * the last question is claimed in the database); inside that interval the stored state answers.
 * `force` (a signed webhook) always asks. A payment already successful or refused for its amount is
 * final here; `failed` and `abandoned` are not (Paystack lets a shopper retry after a decline).
 */
export async function checkPayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  now: Date,
  options: { force?: boolean; timeoutMs?: number } = {},
): Promise<VerifyStatus> {
  if (payment.status === 'success') return 'success';
  if (payment.failureReason !== null) return 'failed';
  const provider = deps.provider;
  if (!provider) return storedStatus(payment);
  // A start still in flight has nothing to ask about yet.
  if (startInFlight(deps, payment, now)) return 'pending';
  const due = new Date(now.getTime() - deps.checkIntervalMs);
  const [claimed] = await deps.db
    .update(payments)
    .set({ lastCheckedAt: now })
    .where(and(eq(payments.reference, payment.reference), options.force ? undefined : or(isNull(payments.lastCheckedAt), lte(payments.lastCheckedAt, due))))
    .returning({ reference: payments.reference });
  if (!claimed) return storedStatus(payment);
  let verdict: ProviderVerdict;
  try {
    verdict = await provider.verify(payment.reference, { timeoutMs: options.timeoutMs });
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.warn('payment verify failed', { reference: payment.reference, error: error.message });
      throw unavailable();
    }
    throw error;
  }
  return applyVerdict(deps, payment, verdict, now);
}
