import { afterAll, beforeAll } from 'vitest';
import { paystackProvider } from '@/server/payments/paystack';
import { setupTestApi } from '../../helpers/api';
import { type FakePaystack, startFakePaystack } from '../../helpers/fake-paystack';
import { buildFixture } from './fixture';
import { describeFuzzing, endpointKey } from './harness';
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
const PAYMENT_ROUTES = [
  'POST /api/initializePayment',
  'POST /api/chargeMobileMoney',
  'POST /api/submitPaymentOtp',
  'POST /api/cancelPaymentAttempt',
  'GET /api/verifyPayment/:reference',
];
const endpoints = [...paystackEndpoints, ...shopEndpoints.filter((endpoint) => PAYMENT_ROUTES.includes(endpointKey(endpoint)))];

describeFuzzing({
  title: 'fuzzing Mobile Money through Paystack',
  name: 'paystack',
  api,
  endpoints,
  buildFixture: () => {
    fake.reset();
    return buildFixture(api, async (reference) => fake.approve(reference));
  },
});
