import { Hono } from 'hono';
import { cancelPaymentAttemptSchema, chargeMobileMoneySchema, initializePaymentSchema, submitPaymentOtpSchema } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChargeAnswer, InitializePaymentAnswer, MessageAnswer, VerifyPaymentAnswer } from '@/shared/types';
import { AppError, badRequest } from '../errors';
import { readOrderActor } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { jsonBody } from '../http/validate';
import { cancelChargeAttempt, startCharge, submitChargeOtp } from '../services/payments/momo-charge';
import { handlePaymentEvent, initializePayment, verifyPayment } from '../services/payments/payments';

/** Mobile Money: start a payment (on the phone, or on Paystack's page), check it, and hear from Paystack. */
export function paymentRoutes(deps: RouteDeps) {
  return (
    new Hono<AppEnv>()
      .post('/initializePayment', jsonBody(initializePaymentSchema), async (c) => {
        const { orderId } = c.req.valid('json');
        return c.json((await initializePayment(deps.paymentDeps, orderId, await readOrderActor(c, deps), deps.clock())) satisfies InitializePaymentAnswer);
      })
      // Mobile Money approved on the phone, from the shop's own page (Paystack's Charge API).
      .post('/chargeMobileMoney', jsonBody(chargeMobileMoneySchema), async (c) => {
        const { orderId, phone, network } = c.req.valid('json');
        return c.json((await startCharge(deps.paymentDeps, orderId, await readOrderActor(c, deps), { phone, network }, deps.clock())) satisfies ChargeAnswer);
      })
      .post('/submitPaymentOtp', jsonBody(submitPaymentOtpSchema), async (c) => {
        const { reference, otp } = c.req.valid('json');
        return c.json((await submitChargeOtp(deps.paymentDeps, reference, otp, await readOrderActor(c, deps), deps.clock())) satisfies ChargeAnswer);
      })
      .post('/cancelPaymentAttempt', jsonBody(cancelPaymentAttemptSchema), async (c) => {
        const { reference } = c.req.valid('json');
        return c.json((await cancelChargeAttempt(deps.paymentDeps, reference, await readOrderActor(c, deps), deps.clock())) satisfies ChargeAnswer);
      })
      .get('/verifyPayment/:reference', async (c) =>
        c.json((await verifyPayment(deps.paymentDeps, c.req.param('reference'), await readOrderActor(c, deps), deps.clock())) satisfies VerifyPaymentAnswer),
      )
      .post('/paystack/webhook', async (c) => {
        // The signature covers the raw bytes, so the body is read as text before any parsing.
        const raw = await c.req.text();
        const provider = deps.paymentDeps.provider;
        if (!provider?.verifyWebhookSignature(raw, c.req.header('x-paystack-signature'))) throw new AppError(401, SERVER_MESSAGES.invalidSignature);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw badRequest(SERVER_MESSAGES.invalidJson);
        }
        // Signed is not the same as well-formed: an event is an object.
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(SERVER_MESSAGES.jsonObjectRequired);
        const event = provider.readWebhookEvent(parsed);
        // Never paid from the body: a charge event makes the shop verify the reference itself.
        const outcome = event ? await handlePaymentEvent(deps.paymentDeps, event, deps.clock()) : 'ignored';
        deps.log.info('paystack webhook', { event: event?.event ?? 'other', outcome });
        // Always 200 once the signature holds: Paystack retries anything else.
        return c.json({ message: 'ok' } satisfies MessageAnswer);
      })
  );
}
