import { describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import type { Db } from '@/server/db/client';
import { createLogger } from '@/server/logger';
import { sandboxProvider } from '@/server/payments/sandbox';
import { TEST_SECRET, testAppConfig } from '../../helpers/api';
import { adminEndpoints } from './admin-endpoints';
import { endpointKey } from './harness';
import { paystackEndpoints } from './paystack-endpoints';
import { shopEndpoints } from './shop-endpoints';

/** Every route the app serves, as `METHOD /path` (middleware and catch-alls left out). */
function servedRoutes(): string[] {
  // Routes are declared without touching the database, so none is needed to list them.
  const app = createApp({
    db: {} as Db,
    log: createLogger('error', () => {}),
    payments: sandboxProvider({} as Db),
    clock: () => new Date(),
    secret: TEST_SECRET,
    config: testAppConfig({ uploadsDir: '/nonexistent' }),
  });
  return [...new Set(app.routes.filter((route) => !route.path.includes('*')).map((route) => `${route.method} ${route.path}`))];
}

describe('the fuzz catalogues', () => {
  it('cover every route the app serves, the sandbox payment page and uploads included', () => {
    const fuzzed = new Set([...shopEndpoints, ...adminEndpoints, ...paystackEndpoints].map(endpointKey));
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((route) => !fuzzed.has(route))).toEqual([]);
  });
});
