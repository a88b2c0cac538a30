import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AppConfig, createApp, type PageRenderer } from '@/server/app';
import type { Database, Db } from '@/server/db/client';
import { products, users } from '@/server/db/schema';
import { createLogger, type Logger } from '@/server/logger';
import { hashPassword } from '@/server/passwords';
import type { PaymentProvider } from '@/server/payments/provider';
import { sandboxProvider } from '@/server/payments/sandbox';
import { login } from '@/server/services/accounts/auth';
import { catalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import type { ImageStore } from '@/server/services/catalogue/images';
import type { PaymentDeps } from '@/server/services/payments/payment-checks';
import { paymentDepsFor } from '@/server/services/payments/payment-deps';
import type { Category } from '@/shared/constants';
import { toPesewas } from '@/shared/money';
import { createTestDatabase } from './database';
import { emptyTables } from './empty-tables';

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as it is (malformed JSON, oversized payloads); bytes go without a Content-Type. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  /** A multipart body (image uploads); the boundary header is set by the request itself. */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  db: Db;
  database: Database;
  /** What the app uses for Mobile Money, for calling the payment services (the expiry job) directly. */
  payments: PaymentDeps;
  /** Log lines the app wrote in the current test. */
  logs: string[];
  clock: { now: Date; advance(ms: number): void };
  /** The waits the app asked for (the sign-in failure delay), in order; none really happens. */
  sleeps: number[];
  /** The app's server secret (guest order tokens are signed with it). */
  secret: Buffer;
  request(method: string, url: string, options?: RequestOptions): Promise<Response>;
  json<T = any>(method: string, url: string, options?: RequestOptions): Promise<{ status: number; body: T; res: Response }>;
  createProduct(
    overrides?: Partial<{
      name: string;
      description: string;
      category: Category;
      price: number;
      stock: number;
      newArrival: boolean;
      unitsSold: number;
      rating: number | null;
      createdAt: Date;
      images: string[];
      maxPerOrder: number | null;
    }>,
  ): Promise<{ id: string; name: string; slug: string }>;
  createUser(
    overrides?: Partial<{ fullName: string; email: string; password: string; role: 'admin' | 'customer' }>,
  ): Promise<{ id: string; email: string; password: string; token: string }>;
}

/** The server secret of every test app (guest order tokens are signed with it). */
export const TEST_SECRET: Buffer = Buffer.from('a-test-server-secret-of-at-least-32-characters');

/** The config test apps start from: limits high, caches off; a test file passes what it checks. */
export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    uploadsDir: os.tmpdir(),
    publicUrl: 'http://localhost:3000',
    trustProxy: true,
    bodyLimitBytes: 100 * 1024,
    // Tests write products straight into the database, past any invalidation.
    catalogueCacheMs: 0,
    unpaidOrderHoldMinutes: 30,
    codConfirmHours: 48,
    // Off unless a test checks it: files place many orders from one made-up buyer.
    buyerUnitsPerDay: 0,
    orderRateLimit: { max: 10_000, windowSeconds: 900 },
    authRateLimit: { perIp: { max: 1000, windowSeconds: 900 }, perEmail: { max: 1000, windowSeconds: 900 } },
    // Tests ask the provider as often as they like unless a test checks the 10 s limit itself.
    paymentCheckIntervalMs: 0,
    ...overrides,
  };
}

let emailCounter = 0;
/** argon2 is slow on purpose; tests reuse one hash per password. */
const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
};

/**
 * One app and database per test file; every test starts with empty tables. Rate limits are high
 * unless a test file passes its own config.
 */
export function setupTestApi(
  configOverrides: Partial<AppConfig> = {},
  options: {
    paymentProvider?: (db: Db) => PaymentProvider | null;
    images?: ImageStore;
    openDatabase?: () => Promise<Database>;
    /** The storefront's server renderer (pages tests): src/client/server-render.tsx. */
    pageRenderer?: PageRenderer;
    /** The app's backup before go-live, given the test database. */
    backup?: (database: Database) => () => Promise<{ file: string }>;
  } = {},
): TestApi {
  const logs: string[] = [];
  const clock = {
    now: new Date('2026-11-22T10:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const log: Logger = createLogger('debug', (line) => logs.push(line));
  let app: ReturnType<typeof createApp>;
  let uploadsDir: string;

  const api = {
    logs,
    clock,
    sleeps: [] as number[],
    secret: TEST_SECRET,
  } as TestApi;

  beforeAll(async () => {
    api.database = await (options.openDatabase ?? createTestDatabase)();
    api.db = api.database.db;
    uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));
    const provider = (options.paymentProvider ?? ((db: Db) => sandboxProvider(db, { clock: () => clock.now })))(api.db);
    const deps = {
      db: api.db,
      log,
      payments: provider,
      images: options.images,
      clock: () => clock.now,
      sleep: async (ms: number) => {
        api.sleeps.push(ms);
      },
      secret: api.secret,
      pageRenderer: options.pageRenderer,
      backup: options.backup?.(api.database),
      config: testAppConfig({ uploadsDir, ...configOverrides }),
    };
    api.payments = paymentDepsFor(deps);
    app = createApp(deps);
  }, 60_000);

  beforeEach(async () => {
    await emptyTables(api.db);
    // Emptied behind the services' backs: whatever copied the catalogue hears it.
    catalogueChanged(api.db);
    logs.length = 0;
    api.sleeps.length = 0;
    clock.now = new Date('2026-11-22T10:00:00Z');
  });

  afterAll(async () => {
    await api.database?.close();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  api.request = (method, url, options = {}) => {
    const headers = new Headers(options.headers);
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined = options.form ?? options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    return Promise.resolve(app.request(url, { method, headers, body }));
  };

  api.json = async (method, url, options) => {
    const res = await api.request(method, url, options);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${url} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: body as any, res };
  };

  api.createProduct = async (overrides = {}) => {
    const [row] = await api.db
      .insert(products)
      .values({
        name: overrides.name ?? `Shea Butter ${Math.random().toString(36).slice(2, 7)}`,
        description: overrides.description ?? 'Raw unrefined shea butter from Tamale.',
        category: overrides.category ?? 'Skin',
        pricePesewas: toPesewas(overrides.price ?? 45.5),
        stock: overrides.stock ?? 20,
        newArrival: overrides.newArrival ?? false,
        unitsSold: overrides.unitsSold ?? 0,
        rating: overrides.rating ?? null,
        maxPerOrder: overrides.maxPerOrder ?? null,
        images: overrides.images ?? ['0123456789abcdef0123456789abcdef'],
        createdAt: overrides.createdAt ?? clock.now,
      })
      .returning();
    if (!row) throw new Error('no product');
    return { id: row.id, name: row.name, slug: row.slug };
  };

  api.createUser = async (overrides = {}) => {
    emailCounter += 1;
    const email = overrides.email ?? `shopper${emailCounter}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const [row] = await api.db
      .insert(users)
      .values({ fullName: overrides.fullName ?? 'Kofi Boateng', email, passwordHash: await cachedHash(password), role: overrides.role ?? 'customer' })
      .returning();
    if (!row) throw new Error('no user');
    const { token } = await login(api.db, { email, password }, clock.now);
    return { id: row.id, email, password, token };
  };

  return api;
}
