import type { AppDeps } from '@/server/app';
import { parseEnv } from '@/server/config';
import type { Db } from '@/server/db/client';
import { silentLogger } from '@/server/logger';

/**
 * The app as `npm run bench` runs it (scripts/bench/server.ts, scripts/bench/pages.ts): no payments
 * (Cash on Delivery only), no rate limits in the way, the shipped catalogue cache unless
 * CATALOGUE_CACHE_MS says otherwise (0 measures the uncached path).
 */
export function benchDeps(db: Db, uploadsDir: string, extra: Partial<AppDeps> = {}, config: Partial<AppDeps['config']> = {}): AppDeps {
  return {
    db,
    log: silentLogger,
    payments: null,
    clock: () => new Date(),
    secret: Buffer.from('a-test-server-secret-of-at-least-32-characters'),
    ...extra,
    config: {
      uploadsDir,
      publicUrl: 'http://127.0.0.1',
      trustProxy: false,
      bodyLimitBytes: 100 * 1024,
      authRateLimit: { perIp: { max: 1_000_000, windowSeconds: 900 }, perEmail: { max: 1_000_000, windowSeconds: 900 } },
      catalogueCacheMs: parseEnv({ CATALOGUE_CACHE_MS: process.env.CATALOGUE_CACHE_MS }).CATALOGUE_CACHE_MS,
      unpaidOrderHoldMinutes: 30,
      codConfirmHours: 48,
      buyerUnitsPerDay: 0,
      orderRateLimit: { max: 0, windowSeconds: 900 },
      ...config,
    },
  };
}
