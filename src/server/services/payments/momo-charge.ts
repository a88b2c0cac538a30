import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { type DeclineReason, declineReasonOf, formatMomoNumber, type MomoNetwork } from '@/shared/momo';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChargeAnswer, ChargeAttempt, ChargeAttemptState } from '@/shared/types';
import { isUniqueViolation } from '../../db/errors';
import { orders, payments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { type ChargeStep, ProviderError } from '../../payments/provider';
import { findAccessibleOrder, type OrderActor } from '../orders/orders';
import {
  assertPayable,
  beingStarted,
  checkPayment,
  extendHold,
  findAccessiblePayment,
  isStarting,
  lockOrderRow,
  type PaymentDeps,
  type PaymentRow,
  requireProvider,
  requireStartingProvider,
  startInFlight,
  unavailable,
} from './payment-checks';

/** The prompt's life when the provider names none: MTN's and AirtelTigo's prompts last one to two minutes. */
export const DEFAULT_CHARGE_TIMER_SECONDS = 120;

export interface Wallet {
  /** Local form, `0XXXXXXXXX`. */
  phone: string;
  network: MomoNetwork;
}

const alreadyPaid = () => conflict('This order is already paid.');

const FAILURE_MESSAGES: Record<DeclineReason, string> = {
  declined: SERVER_MESSAGES.chargeDeclined,
  insufficient_funds: SERVER_MESSAGES.chargeInsufficientFunds,
  wrong_number: SERVER_MESSAGES.chargeWrongNumber,
  timeout: PAGE_MESSAGES.chargeTimedOut,
  cancelled: SERVER_MESSAGES.chargeCancelled,
};

/** Where one charge attempt stands, as the shopper sees it. */
function attemptState(row: PaymentRow, now: Date): ChargeAttemptState {
  if (row.status === 'success') return 'paid';
  if (row.status === 'failed') return 'failed';
  if (row.status === 'abandoned') return row.declineReason === 'cancelled' ? 'cancelled' : row.declineReason === 'timeout' ? 'timed_out' : 'failed';
  if (row.chargeState === 'starting' || row.chargeState === null) return 'starting';
  if (row.chargeExpiresAt && row.chargeExpiresAt <= now) return 'timed_out';
  return row.chargeState;
}

const STATE_MESSAGES: Record<Exclude<ChargeAttemptState, 'failed'>, string> = {
  starting: PAGE_MESSAGES.chargeStarting,
  approve: SERVER_MESSAGES.chargeApprove,
  otp: PAGE_MESSAGES.chargeOtp,
  paid: SERVER_MESSAGES.chargePaid,
  timed_out: PAGE_MESSAGES.chargeTimedOut,
  cancelled: SERVER_MESSAGES.chargeCancelled,
};

export function chargeAttemptView(row: PaymentRow, now: Date): ChargeAttempt {
  const state = attemptState(row, now);
  const open = state === 'approve' || state === 'otp';
  return {
    reference: row.reference,
    state,
    phone: row.momoPhone ?? '',
    network: row.momoNetwork ?? 'mtn',
    displayText: open ? row.displayText : null,
    expiresAt: open && row.chargeExpiresAt ? row.chargeExpiresAt.toISOString() : null,
    declineReason: row.declineReason,
    message: state === 'failed' ? FAILURE_MESSAGES[row.declineReason ?? 'declined'] : STATE_MESSAGES[state],
    test: row.provider === 'sandbox',
  };
}

async function answerFor(deps: PaymentDeps, reference: string, now: Date): Promise<ChargeAnswer> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.reference, reference));
  if (!row) throw notFound(PAGE_MESSAGES.paymentNotFound);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
  return { ...chargeAttemptView(row, now), orderId: order.id, paymentStatus: order.paymentStatus, orderStatus: order.orderStatus };
}

/**
 * Asks the provider about an attempt once more and, unless it paid, ends it (`cancelled` by the
 * shopper, or `timeout` once its countdown ran out), so that a new attempt may start. Throws the
 * 502 of `unavailable` when the provider cannot be asked: an attempt that may be paid is never
 * ended blind. An ended attempt is still asked about later (polls, webhooks, the expiry run), so a
 * late approval is never lost.
 */
export async function settleChargeAttempt(deps: PaymentDeps, row: PaymentRow, reason: 'cancelled' | 'timeout', now: Date): Promise<'paid' | 'settled'> {
  const status = await checkPayment(deps, row, now, { force: true });
  if (status === 'success') return 'paid';
  await deps.db
    .update(payments)
    .set({ status: 'abandoned', declineReason: reason, updatedAt: now })
    .where(and(eq(payments.reference, row.reference), eq(payments.status, 'pending')));
  return 'settled';
}

/** Records what the network asks for next; a charge that says paid is confirmed through verify only. */
async function applyChargeStep(deps: PaymentDeps, reference: string, step: ChargeStep, now: Date): Promise<void> {
  const pending = and(eq(payments.reference, reference), eq(payments.status, 'pending'));
  if (step.status === 'approve' || step.status === 'otp') {
    const timer = step.timerSeconds ?? DEFAULT_CHARGE_TIMER_SECONDS;
    await deps.db
      .update(payments)
      .set({ chargeState: step.status, displayText: step.displayText ?? null, chargeExpiresAt: new Date(now.getTime() + timer * 1000), updatedAt: now })
      .where(pending);
    return;
  }
  if (step.status === 'failed') {
    await deps.db
      .update(payments)
      .set({ status: 'failed', declineReason: declineReasonOf(step.reason), updatedAt: now })
      .where(pending);
    return;
  }
  if (step.status === 'unknown') {
    // The provider never saw it: nothing can be paid on it.
    await deps.db.update(payments).set({ status: 'abandoned', updatedAt: now }).where(pending);
    return;
  }
  // `success`: out of `starting`, then verified; if verify does not agree yet, the polls go on asking.
  const [row] = await deps.db
    .update(payments)
    .set({ chargeState: 'approve', chargeExpiresAt: new Date(now.getTime() + DEFAULT_CHARGE_TIMER_SECONDS * 1000), updatedAt: now })
    .where(pending)
    .returning();
  if (row) await checkPayment(deps, row, now, { force: true }).catch((error) => ignoreUnanswered(error));
}

/** A provider that could not be asked just now: the attempt stays as it is and is asked again later. */
function ignoreUnanswered(error: unknown): void {
  if (!(error instanceof AppError && error.status === 502)) throw error;
}

/**
 * `POST /chargeMobileMoney`: charges the order's total to the shopper's wallet, approved on the
 * phone (Paystack's Charge API). One attempt is in flight per order: the same wallet again (a
 * double tap, a retry after a lost answer, a second tab) gets the attempt already open; another
 * wallet must wait until it is final, timed out or stopped. Each new attempt has its own reference.
 */
export async function startCharge(deps: PaymentDeps, orderId: string, actor: OrderActor, wallet: Wallet, now: Date): Promise<ChargeAnswer> {
  const { db } = deps;
  const provider = await requireStartingProvider(deps);
  const order = await findAccessibleOrder(db, orderId, actor, { allowAdmin: false });
  if (order.paymentMethod !== 'Mobile Money') throw conflict(SERVER_MESSAGES.orderNotMobileMoney);
  if (order.paymentStatus === 'Paid') throw alreadyPaid();

  const [current] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
  if (current) {
    const sameWallet = current.channel === 'charge' && current.momoPhone === wallet.phone && current.momoNetwork === wallet.network;
    const starting = isStarting(current);
    const open = current.channel === 'charge' && !starting && current.chargeExpiresAt !== null && current.chargeExpiresAt > now;
    if (open && sameWallet) {
      await holdFor(deps, order.id, now);
      return answerFor(deps, current.reference, now);
    }
    if (open) throw conflict(SERVER_MESSAGES.chargeInFlight(formatMomoNumber(current.momoPhone ?? '')));
    if (startInFlight(deps, current, now)) throw beingStarted();
    if (starting && sameWallet && (await adoptOrphan(deps, current, now))) {
      await holdFor(deps, order.id, now);
      return answerFor(deps, current.reference, now);
    }
    const expired = current.channel === 'charge' && !starting;
    if ((await settleChargeAttempt(deps, current, expired ? 'timeout' : 'cancelled', now)) === 'paid') return answerFor(deps, current.reference, now);
  }

  const reference = `${order.orderNumber}-${randomBytes(6).toString('hex')}`;
  await db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, order.id);
    if (!row) throw notFound(PAGE_MESSAGES.orderNotFound);
    assertPayable(row, now);
    await extendHold(tx, row, now);
    try {
      // The row first (one attempt in flight per order is a unique index), the provider second.
      await tx.insert(payments).values({
        reference,
        orderId: row.id,
        provider: provider.name,
        amountPesewas: row.totalPesewas,
        channel: 'charge',
        momoPhone: wallet.phone,
        momoNetwork: wallet.network,
        chargeState: 'starting',
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw beingStarted();
      throw error;
    }
    await tx
      .update(orders)
      .set({ paymentReference: reference, updatedAt: now })
      .where(and(eq(orders.id, row.id), eq(orders.paymentStatus, 'Pending')));
  });

  let step: ChargeStep;
  try {
    step = await provider.charge({
      reference,
      amountPesewas: order.totalPesewas,
      email: order.email,
      phone: wallet.phone,
      network: wallet.network,
      metadata: { orderId: order.id, orderNumber: order.orderNumber },
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      // No answer: the charge may exist. The row stays `starting`; a retry after a while asks the provider about it.
      deps.log.warn('charge start got no answer', { orderId: order.id, reference, error: error.message });
      throw unavailable();
    }
    throw error;
  }
  await applyChargeStep(deps, reference, step, now);
  return answerFor(deps, reference, now);
}

async function holdFor(deps: PaymentDeps, orderId: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, orderId);
    if (row && row.paymentStatus === 'Pending' && row.orderStatus === 'Pending') await extendHold(tx, row, now);
  });
}

/**
 * A start whose process died mid-call: the provider may have sent the prompt. Where it did (the
 * charge is waiting on the phone), the shop takes the attempt up again instead of sending a second
 * prompt. Answers whether it did.
 */
async function adoptOrphan(deps: PaymentDeps, row: PaymentRow, now: Date): Promise<boolean> {
  const provider = requireProvider(deps);
  let step: ChargeStep;
  try {
    step = await provider.checkCharge(row.reference, { timeoutMs: deps.expiryCallTimeoutMs });
  } catch (error) {
    if (error instanceof ProviderError) throw unavailable();
    throw error;
  }
  if (step.status !== 'approve' && step.status !== 'otp' && step.status !== 'success') return false;
  deps.log.info('charge taken up after its start got no answer', { reference: row.reference });
  await applyChargeStep(deps, row.reference, step, now);
  return true;
}

/** A charge attempt the caller may act on (a hosted-page payment is not one: not found). */
async function accessibleAttempt(deps: PaymentDeps, reference: string, actor: OrderActor): Promise<{ payment: PaymentRow }> {
  const { payment } = await findAccessiblePayment(deps.db, reference, actor, { allowAdmin: false });
  if (payment.channel !== 'charge') throw notFound(PAGE_MESSAGES.paymentNotFound);
  return { payment };
}

/**
 * `POST /submitPaymentOtp`: the code or voucher the network asked for. A refused code leaves the
 * attempt waiting for another try unless verify says the charge is over.
 */
export async function submitChargeOtp(deps: PaymentDeps, reference: string, otp: string, actor: OrderActor, now: Date): Promise<ChargeAnswer> {
  const provider = requireProvider(deps);
  const { payment } = await accessibleAttempt(deps, reference, actor);
  if (attemptState(payment, now) !== 'otp') return answerFor(deps, reference, now);
  let step: ChargeStep;
  try {
    step = await provider.submitOtp(reference, otp);
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.warn('otp submit got no answer', { reference, error: error.message });
      throw unavailable();
    }
    throw error;
  }
  if (step.status === 'failed') {
    const status = await checkPayment(deps, payment, now, { force: true }).catch((error) => {
      ignoreUnanswered(error);
      return 'pending' as const;
    });
    const answer = await answerFor(deps, reference, now);
    return status === 'pending' && answer.state === 'otp' ? { ...answer, message: SERVER_MESSAGES.otpRejected } : answer;
  }
  await applyChargeStep(deps, reference, step, now);
  return answerFor(deps, reference, now);
}

/**
 * `POST /cancelPaymentAttempt`: the shopper stops waiting (to use another number, or the payment
 * page). The provider is asked once more first; a paid attempt pays the order instead.
 */
export async function cancelChargeAttempt(deps: PaymentDeps, reference: string, actor: OrderActor, now: Date): Promise<ChargeAnswer> {
  const { payment } = await accessibleAttempt(deps, reference, actor);
  if (payment.status === 'pending') {
    if (startInFlight(deps, payment, now)) throw beingStarted();
    await settleChargeAttempt(deps, payment, 'cancelled', now);
  }
  return answerFor(deps, reference, now);
}
