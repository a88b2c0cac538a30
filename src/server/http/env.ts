import type { PageRenderOptions, RenderedPage } from '@/shared/page-render';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { PaymentProvider } from '../payments/provider';
import type { AuthUser } from '../services/accounts/auth';
import type { FailureDelayRule, RateLimitRule } from '../services/accounts/rate-limit';
import type { CatalogueCache, CatalogueCacheLimits } from '../services/catalogue/catalogue-cache';
import type { CatalogueNotifyState } from '../services/catalogue/catalogue-notify';
import type { ImageStore } from '../services/catalogue/images';
import type { PageCacheLimits } from '../services/catalogue/page-cache';
import type { SearchEngine } from '../services/catalogue/product-search';
import type { PhoneCodeLimits } from '../services/orders/phone-verification';
import type { PaymentDeps } from '../services/payments/payment-checks';
import type { SetupConfig } from '../services/shop/setup-guide';

export interface AppConfig {
  /** Where uploaded and seeded images are stored (`{hash}-{width}.webp`). */
  uploadsDir: string;
  /**
   * STORAGE_PUBLIC_URL: the public base of stored images (a CDN, the bucket's public address), no
   * trailing slash. Image URLs in answers and pages point there, and the page's CSP lets it in;
   * absent, images are `/uploads/…` from this server.
   */
  imagePublicUrl?: string;
  /** The built PWA; without it only the API is served (tests, `npm run dev`). */
  clientDir?: string;
  publicUrl: string;
  /**
   * False: e-mails and SMS leave the shop's links out, since a channel really sends while PUBLIC_URL
   * is unset or names this machine (config.ts messageLinksOff). Absent: true.
   */
  messageLinks?: boolean;
  /**
   * PUBLIC_URL is not set (publicUrl is only the local default): pages name the shop by the address
   * each request came to (http/forwarded.ts siteOrigin).
   */
  originFromRequest?: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Largest JSON request body in bytes. */
  bodyLimitBytes: number;
  /**
   * perIp: a flood guard per client address (failed sign-ins, sign-ups, reset requests, wrong reset
   * codes, failed lookups; each its own key). perEmail: failed sign-ins per (account e-mail, client
   * address) pair, sign-ups per e-mail, current-password checks per signed-in account, reset messages
   * per address typed, failed lookups per (order number, client address); with max 0 also no
   * one-at-a-time rule for an account's sign-ins. failureDelay: the growing wait before answering a
   * sign-in to an account that keeps failing (from any address); absent or maxMs 0, none.
   */
  authRateLimit: { perIp: RateLimitRule; perEmail: RateLimitRule; failureDelay?: FailureDelayRule };
  /** Wrong SMS reset codes per account (or number), across requests (a day); absent or max 0, no limit. */
  resetCodeRateLimit?: RateLimitRule;
  /** Failed guest order lookups per order number from any address; absent or max 0, no limit. */
  lookupRateLimit?: RateLimitRule;
  /** PUT /myAvatar per signed-in account; absent or max 0, no limit. */
  avatarRateLimit?: RateLimitRule;
  /** POST /validatePromo per client address; absent or max 0, no limit. */
  promoRateLimit?: RateLimitRule;
  /** POST /contact per client address; absent or max 0, no limit. */
  contactRateLimit?: RateLimitRule;
  /** POST /subscribe per client address; absent or max 0, no limit. */
  subscribeRateLimit?: RateLimitRule;
  /** POST /vitals (speed beacons) per client address; absent or max 0, no limit. */
  vitalsRateLimit?: RateLimitRule;
  /** Speed beacons kept per day (the rest answered 204 and ignored); absent: VITALS_DEFAULT_PER_DAY. */
  vitalsPerDay?: number;
  /** How long one build of a catalogue answer serves every shopper; 0 turns the cache off. */
  catalogueCacheMs: number;
  /** The catalogue cache's bounds (entries, bytes); CATALOGUE_CACHE_LIMITS when absent. */
  catalogueCacheLimits?: CatalogueCacheLimits;
  /** The online search's engine; absent: pg_trgm when the database has it, else full-text search (tests force the fallback). */
  productSearch?: SearchEngine;
  /** The server-rendered pages' cache bounds (entries, bytes); PAGE_CACHE_LIMITS when absent. */
  pageCacheLimits?: PageCacheLimits;
  /** Which ways a forgotten password can be reset: where a channel really sends (SMTP, an SMS gateway). Absent: neither. */
  passwordReset?: { email: boolean; sms: boolean };
  /** Guest orders per client address and window; max 0 turns the limit off. */
  orderRateLimit: RateLimitRule;
  /** How long an unpaid Mobile Money order holds its stock. */
  unpaidOrderHoldMinutes: number;
  /** How long a Cash on Delivery order holds its stock unless an admin confirms it (Processing); 0: until an admin acts. */
  codConfirmHours: number;
  /** Units one buyer (a verified phone) may have in a day's verified orders; 0: no limit. */
  buyerUnitsPerDay: number;
  /**
   * Who may hold stock. Absent (tests that do not check it), every order is verified as
   * before. `smsCodes`: an SMS gateway sends the codes that confirm a phone.
   */
  buyerTrust?: { smsCodes: boolean; unverifiedHoldMinutes: number; unverifiedSharePercent: number; phoneCodes: PhoneCodeLimits };
  /** The least time between two questions to the payment provider about one payment (10 s). */
  paymentCheckIntervalMs?: number;
  /** The provider's call limit: a payment start in flight longer than this (plus a margin) was cut off. */
  providerTimeoutMs?: number;
  /** Which keys are set, for the setup guide (services/shop/setup-guide.ts); absent: none. */
  setup?: SetupConfig;
}

/** The server renderer's entry (src/client/server-render.tsx renderPage). */
export interface PageRenderer {
  renderPage(url: string, options: PageRenderOptions): Promise<RenderedPage>;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  /** The app's idea of now; tests move it to expire sessions. */
  clock: () => Date;
  /** Mobile Money: Paystack, the sandbox (demo shops, PAYMENTS_SANDBOX), or null for Cash on Delivery only. */
  payments: PaymentProvider | null;
  /** Uploaded images (the uploads folder, or the STORAGE_URL bucket); files under `config.uploadsDir` when absent. */
  images?: ImageStore;
  /** Waits before an answer (the sign-in failure delay); a real timer when absent, recorded by tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Renders the storefront's pages on the server (dist/ssr, src/client/server-render.tsx); without it they go out as the app shell. */
  pageRenderer?: PageRenderer;
  /** The shop's one server secret (secret.ts, ARCHITECTURE §8b): every value the shop signs. */
  secret: Buffer;
  /**
   * The LISTEN/NOTIFY bridge (services/catalogue/catalogue-notify.ts) when other processes may share the
   * database: whether this process hears their changes now (GET /api/health says). Absent: one process.
   */
  catalogueNotify?: CatalogueNotifyState;
  /** A backup of the whole database (into DATA_DIR/backups), taken before go-live. Absent: go-live is refused. */
  backup?: () => Promise<{ file: string }>;
}

/**
 * What every route factory takes: the app's dependencies and what createApp builds once from them.
 * `images` and `payments` keep AppDeps' meaning (the services read them so), hence the other names.
 */
export interface RouteDeps extends AppDeps {
  /** The catalogue answers' cache, emptied by the one "catalogue changed" signal. */
  catalogue: CatalogueCache;
  /** Where uploaded images go; a replaced image's files that cannot be deleted are logged, not a failed change. */
  imageStore: ImageStore;
  /** The payment services' dependencies (services/payments/payment-deps.ts). */
  paymentDeps: PaymentDeps;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: AuthUser;
  };
}
