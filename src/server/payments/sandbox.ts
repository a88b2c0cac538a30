import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { PaymentProvider } from './provider';

/**
 * A stand-in for Paystack that needs no account: its payment page (`/pay/sandbox/{reference}`,
 * plainly marked as a test) offers Approve and Decline. Its side of each payment is kept in the
 * database, so every app process sees the same answer. It runs only in a demo shop or with
 * PAYMENTS_SANDBOX=true, never beside a Paystack key, and every payment it settles is flagged as a test.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    async start(input) {
      // Relative, so it works under whatever address the shopper reached the shop by.
      return { paymentLink: `/pay/sandbox/${encodeURIComponent(input.reference)}` };
    },
    async verify(reference) {
      const [row] = await db
        .select({ outcome: payments.sandboxOutcome, amountPesewas: payments.amountPesewas })
        .from(payments)
        .where(eq(payments.reference, reference));
      if (row?.outcome === 'success') {
        return { status: 'success', amountPesewas: row.amountPesewas, requestedAmountPesewas: row.amountPesewas, currency: 'GHS', providerStatus: 'success' };
      }
      if (row?.outcome === 'failed') return { status: 'failed', providerStatus: 'failed' };
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
