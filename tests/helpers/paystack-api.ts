import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppConfig } from '@/server/app';
import { paystackProvider } from '@/server/payments/paystack';
import { setupTestApi, type TestApi } from './api';
import { type FakePaystack, startFakePaystack } from './fake-paystack';

/**
 * The app with the real Paystack client talking HTTP to the local fake, for one test file. The fake
 * starts before setupTestApi builds the provider (beforeAll hooks run in order) and forgets its
 * transactions between tests. `fake` forwards to the running fake.
 */
export function setupPaystackApi(options: { secret: string; timeoutMs: number; config?: Partial<AppConfig> }): { api: TestApi; fake: FakePaystack } {
  let running: FakePaystack | undefined;
  beforeAll(async () => {
    running = await startFakePaystack(options.secret);
  });
  afterAll(async () => {
    await running?.close();
  });
  const started = (): FakePaystack => {
    if (!running) throw new Error('the fake Paystack is not running');
    return running;
  };
  const api = setupTestApi(options.config ?? {}, {
    paymentProvider: () => paystackProvider({ secretKey: options.secret, baseUrl: started().url, timeoutMs: options.timeoutMs }),
  });
  beforeEach(() => {
    started().reset();
  });
  const fake = new Proxy({} as FakePaystack, { get: (_target, property) => Reflect.get(started(), property) });
  return { api, fake };
}
