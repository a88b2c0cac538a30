import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { FuzzFixture } from './fixture';
import { actors, type Body, FUZZ_RUNS, type FuzzEndpoint, type FuzzRequest, headerSafe, hostileText, mutatedObject, notAJsonObject } from './harness';
import { mostly } from './values';

/** Mobile Money through the Paystack client (against the local fake), and Paystack's webhook with real signatures. */

export const PAYSTACK_SECRET = 'sk_test_fuzz';

const sign = (text: string, secret = PAYSTACK_SECRET) => createHmac('sha512', secret).update(text).digest('hex');

/** The guest order's total in pesewas (one Raw Shea Butter at ₵45.50), as Paystack would report it. */
const ORDER_TOTAL_PESEWAS = 4550;

function webhookEvent(fixture: FuzzFixture) {
  const data = mutatedObject({
    reference: mostly(fc.constantFrom(fixture.guestOrder.reference, fixture.paidGuestOrder.reference), 'NK-UNKNOWN-000000', '../etc'),
    status: mostly(fc.constant('success'), 'failed', 'abandoned'),
    amount: mostly(fc.constant(ORDER_TOTAL_PESEWAS), ORDER_TOTAL_PESEWAS - 1, ORDER_TOTAL_PESEWAS * 100, 45.5, -ORDER_TOTAL_PESEWAS, 1e20),
    currency: mostly(fc.constant('GHS'), 'USD', 'ghs'),
  });
  return mutatedObject({ event: mostly(fc.constant('charge.success'), 'charge.failed', 'transfer.success'), data });
}

/** The signature Paystack would send, one made with another secret, junk, or none. */
function signatureFor(text: string): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ 'x-paystack-signature': sign(text) }) },
    { weight: 1, arbitrary: fc.constant({ 'x-paystack-signature': sign(text, 'sk_test_someone_else') }) },
    { weight: 1, arbitrary: fc.constant({ 'x-paystack-signature': sign(text).toUpperCase() }) },
    { weight: 1, arbitrary: hostileText.map((junk) => ({ 'x-paystack-signature': headerSafe(junk) })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

const isSignedByPaystack = (request: FuzzRequest) =>
  request.body?.kind === 'text' && request.headers?.['x-paystack-signature']?.toLowerCase() === sign(request.body.text);

export const paystackEndpoints: FuzzEndpoint[] = [
  {
    method: 'POST',
    route: '/api/paystack/webhook',
    access: 'public',
    numRuns: 2 * FUZZ_RUNS,
    requests: (fx) => {
      const text = fc.oneof(
        { weight: 4, arbitrary: webhookEvent(fx).map((event) => JSON.stringify(event)) },
        { weight: 1, arbitrary: notAJsonObject(webhookEvent(fx)) },
      );
      return fc
        .tuple(actors(fx, 'public'), text, fc.constantFrom('application/json', 'text/plain', undefined))
        .chain(([actor, raw, contentType]) =>
          signatureFor(raw).map((headers) => ({ actor, path: '/api/paystack/webhook', headers, body: { kind: 'text', text: raw, contentType } as Body })),
        );
    },
    // Only Paystack's own signature over these very bytes opens the webhook.
    mustRefuse: (request) => !isSignedByPaystack(request),
  },
];
