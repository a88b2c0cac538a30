import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { paystackProvider } from '../../../src/server/payments/paystack';
import { setupTestApi } from '../../helpers/api';
import { type FakePaystack, startFakePaystack } from '../../helpers/fake-paystack';
import { buildFixture, type FuzzFixture } from './fixture';
import { endpointKey, FUZZ_TEST_TIMEOUT, FuzzStats, fuzzEndpoint } from './harness';
import { PAYSTACK_SECRET, paystackEndpoints } from './paystack-endpoints';
import { shopEndpoints } from './shop-endpoints';

/**
 * The payment calls with the real Paystack client talking to the local fake, and the webhook with
 * signatures Paystack would make. The fake must listen before setupTestApi builds the provider.
 */
let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack(PAYSTACK_SECRET);
});
afterAll(async () => {
  await fake?.close();
});

const api = setupTestApi({}, { paymentProvider: () => paystackProvider({ secretKey: PAYSTACK_SECRET, baseUrl: fake.url, timeoutMs: 5_000 }) });
const stats = new FuzzStats('paystack');
let fixture: FuzzFixture;

beforeEach(async () => {
  fake.reset();
  fixture = await buildFixture(api, async (reference) => fake.approve(reference));
});
afterAll(() => {
  console.log(stats.summary());
});

const PAYMENT_ROUTES = ['POST /api/initializePayment', 'GET /api/verifyPayment/:reference'];
const endpoints = [...paystackEndpoints, ...shopEndpoints.filter((endpoint) => PAYMENT_ROUTES.includes(endpointKey(endpoint)))];

describe('fuzzing Mobile Money through Paystack', () => {
  for (const endpoint of endpoints) {
    it(endpointKey(endpoint), () => fuzzEndpoint(api, stats, endpoint, fixture), FUZZ_TEST_TIMEOUT);
  }
});
