import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SANDBOX_OTP, type SandboxScript, sandboxScriptFor } from '@/shared/momo';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { ChargeStep, PaymentProvider, ProviderVerdict } from './provider';

/** An approving test number is approved this long after its charge starts. */
export const SANDBOX_APPROVE_AFTER_MS = 4_000;
/** The sandbox's countdown: short, so the "no answer" number times out within a demo. */
export const SANDBOX_TIMER_SECONDS = 30;

const TEST = 'TEST PAYMENT, no money moves.';
/** The networks' own words for each failure, as Paystack passes them on. */
const FAILURE_WORDS: Partial<Record<SandboxScript, string>> = {
  decline: 'Declined by the customer',
  decline_then_approve: 'Declined by the customer',
  insufficient_funds: 'Insufficient funds in the wallet',
  wrong_number: 'Invalid phone number: not a Mobile Money wallet',
};

export interface SandboxOptions {
  clock?: () => Date;
  /** How long a charge takes to answer (the demo of a slow network; the end-to-end test of a crash mid-charge). */
  chargeDelayMs?: number;
  /** Chosen because the shop is a demo (not PAYMENTS_SANDBOX): offered only while it still is. */
  demoOnly?: boolean;
}

/**
 * A stand-in for Paystack that needs no account. The hosted-page path has its own page
 * (`/pay/sandbox/{reference}`, plainly marked as a test) with Approve and Decline; the in-app
 * charge plays the network's side by the number (SANDBOX_MOMO_NUMBERS): approve after a few
 * seconds, a voucher code, a decline, no answer. Its side of each payment is kept in the database,
 * so every app process sees the same answer. It runs only in a demo shop or with
 * PAYMENTS_SANDBOX=true, never beside a Paystack key, and every payment it settles is flagged as a test.
 */
export function sandboxProvider(db: Db, options: SandboxOptions = {}): PaymentProvider {
  const now = options.clock ?? (() => new Date());

  const rowOf = async (reference: string) => {
    const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
    return row;
  };
  const decide = (reference: string, outcome: 'success' | 'failed') =>
    db.update(payments).set({ sandboxOutcome: outcome }).where(eq(payments.reference, reference));

  /** The network's side of a charge, from its number and what has happened to it. */
  const chargeVerdict = (row: typeof payments.$inferSelect): ProviderVerdict => {
    const script = sandboxScriptFor(row.momoPhone ?? '');
    const paid = (): ProviderVerdict => ({
      status: 'success',
      amountPesewas: row.amountPesewas,
      requestedAmountPesewas: row.amountPesewas,
      currency: 'GHS',
      providerStatus: 'success',
    });
    if (row.sandboxOutcome === 'success') return paid();
    if (row.sandboxOutcome === 'failed') return { status: 'failed', providerStatus: 'failed', gatewayResponse: FAILURE_WORDS[script] ?? 'Declined' };
    if (script === 'approve' || script === 'decline_then_approve') {
      if (now().getTime() - row.createdAt.getTime() >= SANDBOX_APPROVE_AFTER_MS) return paid();
    }
    return { status: 'pending', providerStatus: script === 'otp' ? 'send_otp' : 'pay_offline' };
  };

  const asStep = (verdict: ProviderVerdict, script: SandboxScript): ChargeStep => {
    if (verdict.status === 'success') return { status: 'success' };
    if (verdict.status === 'failed') return { status: 'failed', reason: verdict.gatewayResponse ?? 'Declined' };
    return script === 'otp'
      ? {
          status: 'otp',
          displayText: `${TEST} Dial *110# for a voucher code, then type it here. In the sandbox the code is ${SANDBOX_OTP}.`,
          timerSeconds: SANDBOX_TIMER_SECONDS,
        }
      : {
          status: 'approve',
          displayText: `${TEST} A real network now shows a prompt on the phone; the sandbox answers by itself.`,
          timerSeconds: SANDBOX_TIMER_SECONDS,
        };
  };

  return {
    name: 'sandbox',
    demoOnly: options.demoOnly ?? false,
    async start(input) {
      // Relative, so it works under whatever address the shopper reached the shop by.
      return { paymentLink: `/pay/sandbox/${encodeURIComponent(input.reference)}` };
    },
    async charge(input) {
      if (options.chargeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chargeDelayMs));
      const row = await rowOf(input.reference);
      if (!row) return { status: 'failed', reason: 'Unknown reference' };
      let script = sandboxScriptFor(input.phone);
      if (script === 'decline_then_approve') {
        // Declined on the first attempt with this number on this order, approved on any later one.
        const earlier = await db.select({ reference: payments.reference, phone: payments.momoPhone }).from(payments).where(eq(payments.orderId, row.orderId));
        if (earlier.some((p) => p.reference !== input.reference && p.phone === input.phone)) script = 'approve';
        else await decide(input.reference, 'failed');
      }
      if (script === 'decline' || script === 'insufficient_funds' || script === 'wrong_number') await decide(input.reference, 'failed');
      const after = await rowOf(input.reference);
      return after ? asStep(chargeVerdict(after), script) : { status: 'unknown' };
    },
    async submitOtp(reference, otp) {
      const row = await rowOf(reference);
      if (!row) return { status: 'unknown' };
      if (otp !== SANDBOX_OTP) return { status: 'failed', reason: 'The voucher code is not correct' };
      if (row.sandboxOutcome === null) await decide(reference, 'success');
      return { status: 'success' };
    },
    async checkCharge(reference) {
      const row = await rowOf(reference);
      if (!row) return { status: 'unknown' };
      return asStep(chargeVerdict(row), sandboxScriptFor(row.momoPhone ?? ''));
    },
    async verify(reference) {
      const row = await rowOf(reference);
      if (row?.channel === 'charge') return chargeVerdict(row);
      if (row?.sandboxOutcome === 'success') {
        return { status: 'success', amountPesewas: row.amountPesewas, requestedAmountPesewas: row.amountPesewas, currency: 'GHS', providerStatus: 'success' };
      }
      if (row?.sandboxOutcome === 'failed') return { status: 'failed', providerStatus: 'failed' };
      return { status: 'pending', providerStatus: 'abandoned' };
    },
    // No money moved, so a refund is done at once.
    async refund() {
      return { providerRefundId: `sandbox-${randomBytes(8).toString('hex')}`, status: 'processed' };
    },
    verifyWebhookSignature: () => false,
    readWebhookEvent: () => undefined,
  };
}
