import { Hono } from 'hono';
import { formatCedis, toCedis } from '@/shared/money';
import type { AppEnv, RouteDeps } from '../http/env';
import { findPayment } from '../services/payments/payment-checks';
import { settleByReference } from '../services/payments/payments';
import { orderNumberOf, recordSandboxOutcome } from '../services/payments/sandbox-pay';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Back to the checkout the way Paystack returns a shopper: it appends `trxref` and `reference`. */
const returnAddress = (reference: string) => `/checkout?trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f1e7;color:#222;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:24px;max-width:360px;width:calc(100% - 32px);box-shadow:0 2px 12px #0002}
.badge{display:inline-block;background:#b3261e;color:#fff;font-weight:700;padding:4px 8px;border-radius:4px;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:16px 0 4px}
form{display:inline}button{font:inherit;font-size:18px;padding:12px 20px;border-radius:8px;border:0;margin:16px 8px 0 0;cursor:pointer;min-height:48px}
.approve{background:#1e7d32;color:#fff}.decline{background:#eee;color:#222}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's payment page: a stand-in for the Mobile Money prompt, marked as a test so
 * nobody mistakes it for a real charge. Approve or Decline records the outcome and settles the
 * payment (as Paystack's webhook would), then returns to the checkout.
 */
export function sandboxPayRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/:reference', async (c) => {
      const payment = await findPayment(db, c.req.param('reference'));
      c.header('Cache-Control', 'no-store');
      if (!payment) return c.html(page('Payment not found', '<h1>Payment not found</h1><p><a href="/">Back to the shop</a></p>'), 404);
      const orderNumber = await orderNumberOf(db, payment.orderId);
      const reference = escapeHtml(payment.reference);
      const open = payment.status === 'pending' && payment.sandboxOutcome === null;
      const body = `<p class="badge">TEST PAYMENT: no money moves</p>
<h1>Mobile Money</h1>
<p>Order ${escapeHtml(orderNumber ?? '')}</p>
<p class="amount">${escapeHtml(formatCedis(toCedis(payment.amountPesewas)))}</p>
${
  open
    ? `<p>This sandbox stands in for the Mobile Money prompt on the shopper's phone.</p>
<form method="post" action="/pay/sandbox/${reference}"><input type="hidden" name="outcome" value="success"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="/pay/sandbox/${reference}"><input type="hidden" name="outcome" value="failed"><button class="decline" type="submit">Decline</button></form>`
    : `<p>This payment is already ${escapeHtml(payment.sandboxOutcome === 'success' || payment.status === 'success' ? 'approved' : 'closed')}.</p>
<p><a href="${escapeHtml(returnAddress(payment.reference))}">Back to the checkout</a></p>`
}`;
      return c.html(page('Test payment', body));
    })
    .post('/:reference', async (c) => {
      const reference = c.req.param('reference');
      const payment = await findPayment(db, reference);
      if (!payment) return c.html(page('Payment not found', '<h1>Payment not found</h1>'), 404);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const outcome = form.outcome === 'success' ? 'success' : 'failed';
      await recordSandboxOutcome(db, payment.reference, outcome, deps.clock());
      await settleByReference(deps.paymentDeps, payment.reference, deps.clock());
      return c.redirect(returnAddress(payment.reference), 303);
    });
}
