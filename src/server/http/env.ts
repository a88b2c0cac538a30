import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { PaymentProvider } from '../payments/provider';
import type { AuthUser } from '../services/auth';
import type { ImageStore } from '../services/images';
import type { RateLimitRule } from '../services/rate-limit';

export interface AppConfig {
  /** Where uploaded and seeded images are stored (`{hash}-{width}.webp`). */
  uploadsDir: string;
  /** The built PWA; without it only the API is served (tests, `npm run dev`). */
  clientDir?: string;
  publicUrl: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Largest JSON request body in bytes. */
  bodyLimitBytes: number;
  authRateLimit: { perIp: RateLimitRule; perEmail: RateLimitRule };
  /** How long one build of the full catalogue answer serves every shopper; 0 turns the cache off. */
  catalogueCacheMs: number;
  /** Guest orders per client address and window; max 0 turns the limit off. */
  orderRateLimit: RateLimitRule;
  /** How long an unpaid Mobile Money order holds its stock. */
  unpaidOrderHoldMinutes: number;
  /** The least time between two questions to the payment provider about one payment (10 s). */
  paymentCheckIntervalMs?: number;
  /** The provider's call limit: a payment start in flight longer than this (plus a margin) was cut off. */
  providerTimeoutMs?: number;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  /** The app's idea of now; tests move it to expire sessions. */
  clock: () => Date;
  /** Mobile Money: Paystack, the sandbox (demo shops, PAYMENTS_SANDBOX), or null for Cash on Delivery only. */
  payments: PaymentProvider | null;
  /** Uploaded images; files under `config.uploadsDir` when absent. */
  images?: ImageStore;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: AuthUser;
  };
}
