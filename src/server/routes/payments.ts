import { Hono } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { initializePaymentSchema } from '../../shared/schemas/orders';
import { AppError, badRequest } from '../errors';
import { readOrderActor } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/validate';
import { initializePayment, type PaymentDeps, settleByReference, verifyPayment } from '../services/payments';

interface PaystackEvent {
  event?: unknown;
  data?: { reference?: unknown; status?: unknown; amount?: unknown; currency?: unknown };
}

/** Mobile Money: start a payment, check it, and hear from Paystack. */
export function paymentRoutes(deps: AppDeps, payments: PaymentDeps) {
  return new Hono<AppEnv>()
    .post('/initializePayment', async (c) => {
      const { orderId } = await readJson(c, initializePaymentSchema);
      return c.json(await initializePayment(payments, orderId, await readOrderActor(c, deps), deps.clock()));
    })
    .get('/verifyPayment/:reference', async (c) => c.json(await verifyPayment(payments, c.req.param('reference'), await readOrderActor(c, deps), deps.clock())))
    .post('/paystack/webhook', async (c) => {
      // The signature covers the raw bytes, so the body is read as text before any parsing.
      const raw = await c.req.text();
      if (!payments.provider.verifyWebhookSignature(raw, c.req.header('x-paystack-signature'))) throw new AppError(401, MESSAGES.invalidSignature);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw badRequest(MESSAGES.invalidJson);
      }
      // Signed is not the same as well-formed: an event is an object.
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(MESSAGES.jsonObjectRequired);
      const event = parsed as PaystackEvent;
      const data = event.data;
      if (event.event === 'charge.success' && typeof data?.reference === 'string') {
        // Signed by Paystack, so its figures are trusted as far as the amount and currency checks go.
        const status = await settleByReference(payments, data.reference, deps.clock(), {
          status: data.status === 'success' ? 'success' : 'failed',
          amountPesewas: typeof data.amount === 'number' ? data.amount : undefined,
          currency: typeof data.currency === 'string' ? data.currency : undefined,
        });
        deps.log.info('paystack webhook', { event: event.event, known: status !== undefined, status });
      }
      // Always 200 once the signature holds: Paystack retries anything else.
      return c.json({ message: 'ok' });
    });
}
