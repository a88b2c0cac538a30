import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { orders, payments, products } from '@/server/db/schema';
import { silentLogger } from '@/server/logger';
import { paystackProvider } from '@/server/payments/paystack';
import { isDemoShop } from '@/server/services/shop/shop';
import { TEST_SECRET, testAppConfig } from '../helpers/api';
import { startFakePaystack } from '../helpers/fake-paystack';
import { checkoutForm } from '../helpers/orders';
import { listeningPort, type ServerProcess, startServer, waitFor } from '../helpers/server-process';

/**
 * How the real server process chooses its Mobile Money provider at start-up (src/server/index.ts):
 * Paystack with a key, the sandbox with PAYMENTS_SANDBOX=true (or in a demo shop), else none; a live
 * key without an https PUBLIC_URL stops it; and a graceful stop waits for a hold-expiry run whose
 * Paystack call hangs, within SHUTDOWN_TIMEOUT_MS. Each server gets a copy of a stopped data folder
 * (the default engine; SEED_DEMO=false in startServer), so this runs once, in api:embedded, like process.test.ts.
 */

/** Variables a developer's shell may carry that would change what the process chooses. */
const CLEAN_ENV = {
  DATABASE_URL: '',
  PUBLIC_URL: '',
  PAYSTACK_SECRET_KEY: '',
  PAYSTACK_BASE_URL: '',
  PAYMENTS_SANDBOX: '',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
};

const folders: string[] = [];
const running: ServerProcess[] = [];

afterAll(() => {
  for (const server of running) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-pay-start-'));
  folders.push(folder);
  return folder;
}

const STOCK = 10;
/** A migrated data folder holding one product (nothing seeded, so not a demo shop), copied for each server. */
let template: { dir: string; productId: string };

beforeAll(async () => {
  const dir = dataDir();
  const database = await openDatabase({ kind: 'embedded', dataDir: dir });
  try {
    const [row] = await database.db
      .insert(products)
      .values({ name: 'Shea Butter', description: 'Raw unrefined shea butter from Tamale.', category: 'Skin', pricePesewas: 4550, stock: STOCK })
      .returning({ id: products.id });
    if (!row) throw new Error('no product');
    template = { dir, productId: row.id };
  } finally {
    await database.close();
  }
});

/** A fresh copy of the template folder (creating and migrating one costs seconds). */
function dataDirWithProduct(): { dir: string; productId: string } {
  const dir = dataDir();
  cpSync(template.dir, dir, { recursive: true });
  return { dir, productId: template.productId };
}

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ ...CLEAN_ENV, PORT: '0', ...env });
  running.push(server);
  return server;
}

/** Starts a server and waits for its banner (printed after the "listening" line). */
async function startListening(env: Record<string, string>) {
  const server = start(env);
  const port = await listeningPort(server);
  await waitFor(() => server.output().includes('Mobile Money:'), server.output);
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
  };
  return { server, call };
}

/** SIGTERM, then the exit code. */
async function stop(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

const guestOrderBody = (productId: string, paymentMethod: 'Mobile Money' | 'Cash on Delivery') => ({
  ...checkoutForm,
  paymentMethod,
  cart: [{ productId, quantity: '1' }],
});

/** The banner's Mobile Money line. */
const mobileMoneyLine = (output: string) => output.split('\n').find((line) => line.includes('Mobile Money:')) ?? '';

describe('the payment provider chosen at start-up', () => {
  it('with nothing configured and no demo shop: Cash on Delivery only', async () => {
    const { dir, productId } = dataDirWithProduct();
    const { server, call } = await startListening({ DATA_DIR: dir });
    expect(mobileMoneyLine(server.output())).toMatch(/Mobile Money: off \(Cash on Delivery only\)/);

    const settings = await call('GET', '/api/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.data.payments).toEqual({ mobileMoney: false, testPayments: false });

    const refused = await call('POST', '/api/createGuestOrder', { body: guestOrderBody(productId, 'Mobile Money') });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Mobile Money is not available in this shop. Please choose Cash on Delivery.',
      errors: [{ path: ['paymentMethod'], message: 'Mobile Money is not available in this shop. Please choose Cash on Delivery.' }],
    });
    // The same cart with Cash on Delivery goes through: only the payment method was refused.
    const cash = await call('POST', '/api/createGuestOrder', { body: guestOrderBody(productId, 'Cash on Delivery') });
    expect(cash.status).toBe(201);

    // No test payment page either.
    const page = await call('GET', '/pay/sandbox/x');
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ message: 'Not found' });

    expect(await stop(server)).toBe(0);
    const database = await openDatabase({ kind: 'embedded', dataDir: dir });
    try {
      const rows = await database.db.select({ paymentMethod: orders.paymentMethod }).from(orders);
      expect(rows).toEqual([{ paymentMethod: 'Cash on Delivery' }]);
      const [product] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      expect(product?.stock).toBe(STOCK - 1);
      expect(await isDemoShop(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('with PAYMENTS_SANDBOX=true: simulated Mobile Money, marked as test payments', async () => {
    const { dir, productId } = dataDirWithProduct();
    const { server, call } = await startListening({ DATA_DIR: dir, PAYMENTS_SANDBOX: 'true' });
    expect(mobileMoneyLine(server.output())).toMatch(/Mobile Money: SANDBOX/);
    expect((await call('GET', '/api/settings')).body.data.payments).toEqual({ mobileMoney: true, testPayments: true });

    const placed = await call('POST', '/api/createGuestOrder', { body: guestOrderBody(productId, 'Mobile Money') });
    expect(placed.status).toBe(201);
    const started = await call('POST', '/api/initializePayment', {
      body: { orderId: placed.body.order._id },
      headers: { 'X-Order-Token': placed.body.orderToken },
    });
    expect(started.status).toBe(200);
    expect(started.body.payment_link).toBe(`/pay/sandbox/${started.body.reference}`);
    const page = await call('GET', started.body.payment_link);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/text\/html/);
    expect(page.body).toContain('TEST PAYMENT');
    // The page exists: an unknown reference is the sandbox's own "not found" page, not the API's.
    const unknown = await call('GET', '/pay/sandbox/x');
    expect(unknown.status).toBe(404);
    expect(unknown.contentType).toMatch(/text\/html/);

    expect(await stop(server)).toBe(0);
  }, 60_000);

  it('with a live Paystack key and no PUBLIC_URL: stops at once with one line naming PUBLIC_URL', async () => {
    const server = start({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: 'sk_live_x' });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).not.toContain('"msg":"listening"');
    const problems = output.split('\n').filter((line) => /^ {2}\S/.test(line));
    expect(problems).toEqual([expect.stringMatching(/^ {2}PUBLIC_URL: /)]);
    expect(output).not.toContain('sk_live_x'); // the key is never echoed
    expect(output).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  }, 30_000);
});

describe('a graceful stop while the hold-expiry run waits on Paystack', () => {
  const SHUTDOWN_TIMEOUT_MS = 5_000;

  /**
   * Places `count` Mobile Money orders and starts their payments through the app's API with a clock
   * 31 minutes back, so each hold has run out when the server starts (a started payment holds the
   * stock at least 10 minutes: a hold of 0 minutes would refuse the payment start itself).
   */
  async function expiredOrders(dir: string, productId: string, paystackUrl: string, count: number) {
    const database = await openDatabase({ kind: 'embedded', dataDir: dir });
    const uploadsDir = dataDir();
    try {
      const app = createApp({
        db: database.db,
        log: silentLogger,
        payments: paystackProvider({ secretKey: 'sk_test_xxx', baseUrl: paystackUrl, timeoutMs: 1_000 }),
        clock: () => new Date(Date.now() - 31 * 60_000),
        secret: TEST_SECRET,
        // The provider is asked at its own pace here (10 s between checks), as in the shop.
        config: testAppConfig({ uploadsDir, trustProxy: false, paymentCheckIntervalMs: undefined }),
      });
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const placed = await app.request('/api/createGuestOrder', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(guestOrderBody(productId, 'Mobile Money')),
        });
        expect(placed.status).toBe(201);
        const { order, orderToken } = (await placed.json()) as { order: { _id: string }; orderToken: string };
        const started = await app.request('/api/initializePayment', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Order-Token': orderToken },
          body: JSON.stringify({ orderId: order._id }),
        });
        expect(started.status).toBe(200);
        ids.push(order._id);
      }
      const rows = await database.db.select({ holdExpiresAt: orders.holdExpiresAt }).from(orders);
      for (const row of rows) expect(row.holdExpiresAt?.getTime()).toBeLessThan(Date.now());
      return ids;
    } finally {
      await database.close();
    }
  }

  async function stopWhileVerifyHangs(count: number) {
    const fake = await startFakePaystack();
    try {
      const { dir, productId } = dataDirWithProduct();
      const ids = await expiredOrders(dir, productId, fake.url, count);
      expect(fake.initialized).toHaveLength(count);
      fake.hang(count);

      const { server } = await startListening({
        DATA_DIR: dir,
        PAYSTACK_SECRET_KEY: fake.secretKey,
        PAYSTACK_BASE_URL: fake.url,
        PAYSTACK_TIMEOUT_MS: '1000',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        ORDER_EXPIRY_INTERVAL_SECONDS: '1',
      });
      expect(mobileMoneyLine(server.output())).toMatch(/Mobile Money: Paystack \(test key\)/);
      // The run at start-up is now waiting on Paystack's verify, which never answers.
      const verifies = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/transaction/verify/')).length;
      await waitFor(() => verifies() >= 1, server.output, 10_000);

      const signalled = Date.now();
      const code = await stop(server);
      const stopMs = Date.now() - signalled;
      return { server, code, stopMs, dir, ids, productId, verifies: verifies() };
    } finally {
      await fake.close();
    }
  }

  /**
   * After the stop every order is either expired by the run (cancelled, its payment abandoned, its
   * stock back) or untouched for the next start (still held, its payment open): never half-done. The
   * shelf holds what the untouched orders do not. Answers how many expired.
   */
  async function expectEachExpiredOrUntouched(dir: string, ids: string[], productId: string): Promise<number> {
    const database = await openDatabase({ kind: 'embedded', dataDir: dir });
    try {
      let expired = 0;
      for (const id of ids) {
        const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
        const own = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, id));
        const state = {
          orderStatus: order?.orderStatus,
          cancelReason: order?.cancelReason,
          paymentStatus: order?.paymentStatus,
          stockHeld: order?.stockHeld,
          payments: own.map((p) => p.status),
        };
        if (state.orderStatus === 'Cancelled') expired += 1;
        expect(state).toEqual(
          state.orderStatus === 'Cancelled'
            ? { orderStatus: 'Cancelled', cancelReason: 'expired', paymentStatus: 'Pending', stockHeld: false, payments: ['abandoned'] }
            : { orderStatus: 'Pending', cancelReason: null, paymentStatus: 'Pending', stockHeld: true, payments: ['pending'] },
        );
      }
      const [product] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      expect(product?.stock).toBe(STOCK - (ids.length - expired));
      return expired;
    } finally {
      await database.close();
    }
  }

  // Each due order is asked about in turn: a stop must not wait for every one of them to time out.
  it('exits 0 within SHUTDOWN_TIMEOUT_MS when several due orders each would wait on a hanging Paystack', async () => {
    const { server, code, stopMs, dir, ids, productId, verifies } = await stopWhileVerifyHangs(3);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const output = server.output();
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('"msg":"forcing shutdown"');
    expect(output).not.toContain('"msg":"order expiry failed"');
    // Each order is either expired whole (stock back, payment abandoned) or untouched, never half-done.
    const expired = await expectEachExpiredOrUntouched(dir, ids, productId);
    console.log(
      `[payment-startup] stop with three due orders on a hanging Paystack: ${stopMs} ms, verify calls ${verifies} (SHUTDOWN_TIMEOUT_MS ${SHUTDOWN_TIMEOUT_MS}); expired ${expired} of 3`,
    );
  }, 60_000);
});
