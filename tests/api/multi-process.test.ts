import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { orderItems, orders, outboxMessages, products } from '@/server/db/schema';
import { login, registerCustomer } from '@/server/services/accounts/auth';
import { LISTEN_APPLICATION_NAME } from '@/server/services/catalogue/catalogue-notify';
import { phoneTokenFor } from '@/server/services/orders/phone-verification';
import { quantityRefusal } from '@/shared/order-limits';
import type { Product } from '@/shared/types';
import { createPostgresDatabase } from '../helpers/database';
import { checkoutForm } from '../helpers/orders';
import { listeningPort, type ServerProcess, startServer } from '../helpers/server-process';

/**
 * Two real server processes on one PostgreSQL database: the suite's embedded server in
 * api:embedded, TEST_DATABASE_URL's in api:postgres. Both keep the catalogue cached for a minute,
 * so only the LISTEN/NOTIFY bridge can explain one seeing the other's change at once. The processes
 * start once for the file; each test makes its own products.
 */
const ADMIN = { email: 'owner@nkuto.test', password: 'an-admin-password-1' };
/** What an admin edit may take to show through the other process (issue 30's target). */
const PROPAGATION_LIMIT_MS = 100;
/** Far under the cache's minute and the 2 s drops while not listening: only a notice explains it. */
const NOTICE_BOUND_MS = 1_000;
/** A lost listening connection is back, and what was missed shown, within this. */
const RECONNECT_LIMIT_MS = 3_000;

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let database: Database;
let token: string;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let portA: number;
let portB: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T = any>(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** The admin's price edit (multipart, as the admin's form sends it); answers when the process has answered. */
async function setPrice(port: number, productId: string, price: number): Promise<void> {
  const form = new FormData();
  form.set('price', String(price));
  const res = await fetch(`http://127.0.0.1:${port}/api/updateProductInfo/${productId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

/** A product in the cached catalogue answer of a process. */
async function listed(port: number, productId: string): Promise<Product | undefined> {
  const { body } = await call<{ data: Product[] }>(port, 'GET', '/api/getProducts');
  return body.data.find((p) => p._id === productId);
}

async function single(port: number, productId: string): Promise<Product> {
  return (await call<{ data: Product }>(port, 'GET', `/api/getSingleProductById/${productId}`)).body.data;
}

async function newProduct(values: { price?: number; stock?: number } = {}): Promise<string> {
  const [row] = await database.db
    .insert(products)
    .values({
      name: `Shea ${Math.random().toString(36).slice(2, 8)}`,
      pricePesewas: (values.price ?? 100) * 100,
      stock: values.stock ?? 100,
      category: 'Skin',
      images: ['0123456789abcdef0123456789abcdef'],
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

/** Polls every 5 ms until `check` holds; answers the milliseconds since `from`. */
async function msUntil(check: () => Promise<boolean>, from: number, limitMs: number): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - from;
    if (performance.now() - from > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await sleep(5);
  }
}

/** B listens through its DATABASE_DIRECT_URL, whose application_name names the session. */
const B_DIRECT_NAME = 'shop-b-direct';
const LISTENING = sql`application_name in (${LISTEN_APPLICATION_NAME}, ${B_DIRECT_NAME}) and datname = current_database()`;

/** The listening sessions of both processes in this database. */
async function listeners(): Promise<{ pid: number; name: string }[]> {
  const result = (await database.db.execute(
    sql`select pid, application_name as name from pg_stat_activity where ${LISTENING} order by application_name`,
  )) as unknown as { rows: { pid: number; name: string }[] };
  return result.rows;
}

async function listenerPids(): Promise<number[]> {
  return (await listeners()).map((row) => row.pid);
}

async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const APP_SECRET = 'a-multi-process-test-secret-of-32-chars';

/**
 * A guest's order of one product through a process, from a buyer of its own. Verified by default (the
 * buyer's phone confirmed): these tests are about stock and holds, which verified orders take in full.
 */
function order(
  port: number,
  productId: string,
  i: number,
  quantity = 1,
  paymentMethod: 'Cash on Delivery' | 'Mobile Money' = 'Cash on Delivery',
  verified = true,
) {
  const phone = `024${String(1_000_000 + i)}`;
  const token = phoneTokenFor(Buffer.from(APP_SECRET, 'utf8'), `233${phone.slice(1)}`, new Date(Date.now() + 86_400_000));
  return call(
    port,
    'POST',
    '/api/createGuestOrder',
    { ...checkoutForm, paymentMethod, phone, email: `buyer${i}@example.com`, cart: [{ productId, quantity: String(quantity) }] },
    verified ? { 'x-phone-token': token } : {},
  );
}

beforeAll(async () => {
  created = await createPostgresDatabase();
  // Migrated here first, so the admin exists before either process starts.
  database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 3 });
  const now = new Date();
  await registerCustomer(database.db, { fullName: 'Owner', ...ADMIN, confirmPassword: ADMIN.password }, now, 'admin');
  token = (await login(database.db, ADMIN, now)).token;
  const env = {
    // The embedded server's URL names its socket in `?host=` and no host, which the server's
    // settings refuse as a URL: any host name does, the socket wins.
    DATABASE_URL: created.url.replace(/^(postgres(?:ql)?:\/\/[^@/]*@)\//, '$1localhost/'),
    APP_SECRET,
    PORT: '0',
    // A minute: a change another process made can only show at once through LISTEN/NOTIFY.
    CATALOGUE_CACHE_MS: '60000',
    PAYMENTS_SANDBOX: 'true',
    ORDER_EXPIRY_INTERVAL_SECONDS: '1',
    OUTBOX_POLL_MS: '200',
    RATE_LIMIT_ORDERS_PER_IP: '0',
    ORDER_UNITS_PER_BUYER_PER_DAY: '0',
  };
  const start = (more: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-multi-'));
    dataDirs.push(dataDir);
    return startServer({ ...env, ...more, DATA_DIR: dataDir });
  };
  a = start();
  // B's session needs (LISTEN, the migrations' lock) go through a direct URL of their own, as behind PgBouncer.
  b = start({ DATABASE_DIRECT_URL: `${env.DATABASE_URL}${env.DATABASE_URL.includes('?') ? '&' : '?'}application_name=${B_DIRECT_NAME}` });
  [portA, portB] = await Promise.all([listeningPort(a), listeningPort(b)]);
});

afterAll(async () => {
  for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  const codes = await Promise.all([a?.exited, b?.exited]);
  await database?.close();
  await created?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  expect(codes).toEqual([0, 0]);
});

describe('two server processes on one database', () => {
  it("show an admin's edit made through the other within 100 ms, though their catalogue is cached for a minute", async () => {
    for (const port of [portA, portB]) {
      expect((await call(port, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'up', catalogueNotify: 'listening' });
    }
    // A listens on a connection of its own (named for operators), B through its DATABASE_DIRECT_URL.
    expect((await listeners()).map((l) => l.name)).toEqual([LISTEN_APPLICATION_NAME, B_DIRECT_NAME]);
    const productId = await newProduct({ price: 100 });
    expect((await listed(portB, productId))?.price).toBe(100);
    // Unannounced (straight into the database), a change stays unseen in B's cached catalogue.
    await database.db.update(products).set({ pricePesewas: 12_000 }).where(eq(products.id, productId));
    await sleep(300);
    expect((await listed(portB, productId))?.price).toBe(100);

    // The first edit of each process runs code paths for the first time: not a figure.
    await setPrice(portA, productId, 140);
    await msUntil(async () => (await listed(portB, productId))?.price === 140, performance.now(), NOTICE_BOUND_MS);

    const figures: { listing: number; product: number }[] = [];
    for (const price of [150, 160, 170, 180, 190, 200, 210]) {
      await setPrice(portA, productId, price);
      const answered = performance.now();
      let product: number | undefined;
      const listing = await msUntil(
        async () => {
          const [inList, alone] = await Promise.all([listed(portB, productId), single(portB, productId)]);
          if (product === undefined && alone.price === price) product = performance.now() - answered;
          return inList?.price === price && product !== undefined;
        },
        answered,
        RECONNECT_LIMIT_MS,
      );
      figures.push({ listing: Math.round(listing), product: Math.round(product ?? Number.NaN) });
    }
    const median = [...figures.map((f) => f.listing)].sort((x, y) => x - y)[Math.floor(figures.length / 2)] ?? Number.NaN;
    console.log(
      `multi-process: an edit through A shown by B after (ms, cached listing/product) ${figures.map((f) => `${f.listing}/${f.product}`).join(', ')}; median ${median} (load ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.availableParallelism()} cores)`,
    );
    // The median is the figure: one poll can wait on a busy machine's scheduler (the uncached product
    // page then waits as long). Every edit shows far within the minute the cache would otherwise keep it.
    expect(median).toBeLessThan(PROPAGATION_LIMIT_MS);
    for (const figure of figures) expect(figure.listing).toBeLessThan(NOTICE_BOUND_MS);
  });

  it('never oversell when three times the stock is ordered at once through both', async () => {
    const STOCK = 10;
    const productId = await newProduct({ stock: STOCK });
    let lowest = STOCK;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
        lowest = Math.min(lowest, row?.stock ?? STOCK);
        await sleep(5);
      }
    })();
    const answers = await Promise.all(Array.from({ length: 3 * STOCK }, (_, i) => order(i % 2 === 0 ? portA : portB, productId, i)));
    sampling = false;
    await sampler;

    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(STOCK);
    const outOfStock = quantityRefusal({ stock: 0 }, 1);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(Array(2 * STOCK).fill([409, outOfStock]));
    // Both processes sold some: the race really was across them.
    const placedBy = (port: number) => answers.filter((answer, i) => answer.status === 201 && (i % 2 === 0 ? portA : portB) === port).length;
    expect(placedBy(portA)).toBeGreaterThan(0);
    expect(placedBy(portB)).toBeGreaterThan(0);

    const [row] = await database.db.select({ stock: products.stock, unitsSold: products.unitsSold }).from(products).where(eq(products.id, productId));
    expect(row).toEqual({ stock: 0, unitsSold: STOCK });
    expect(lowest).toBeGreaterThanOrEqual(0);
    const inDatabase = await database.db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, productId));
    expect(inDatabase.map((line) => line.orderId).sort()).toEqual(placed.map((answer) => answer.body.order._id).sort());
    // Each process's cached catalogue heard the other's sales.
    for (const port of [portA, portB]) await eventually(async () => (await listed(port, productId))?.stock === 0, 1_000, 'the sold-out stock');
  });

  it('let forty invented buyers racing through both hold at most the unverified share (30 %) of a product, and every order is kept', async () => {
    const STOCK = 20;
    const productId = await newProduct({ stock: STOCK });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => order(i % 2 === 0 ? portA : portB, productId, 1000 + i, 1, 'Cash on Delivery', false)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    const holding = answers.filter((answer) => answer.body.order.stockHeld);
    expect(holding).toHaveLength(Math.floor(STOCK * 0.3));
    const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    expect(row?.stock).toBe(STOCK - holding.length);
    // A buyer with a confirmed phone still takes what is left, through either process.
    expect((await order(portB, productId, 2000, STOCK - holding.length)).status).toBe(201);
  });

  it('cancel each expired hold once when both run the expiry job: stock back once, one message per order and channel', async () => {
    const STOCK = 40;
    const productId = await newProduct({ stock: STOCK });
    const ids: string[] = [];
    let held = 0;
    for (let i = 0; i < 16; i++) {
      const quantity = 1 + (i % 2);
      const placed = await order(i % 2 === 0 ? portA : portB, productId, 1000 + i, quantity, 'Mobile Money');
      expect(placed.status).toBe(201);
      ids.push(placed.body.order._id);
      held += quantity;
    }
    const stockNow = async () => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]?.stock;
    expect(await stockNow()).toBe(STOCK - held);
    const before = { a: a.output().length, b: b.output().length };

    // Every hold runs out at once, while the product's row is held here: the first job to start
    // takes an order and waits for the row; within a second the other process's job finds the rest
    // due, skips the taken order (SKIP LOCKED), takes the next and waits too. Then both go at once.
    await database.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      await database.db
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(inArray(orders.id, ids));
      await eventually(
        async () => {
          const waiting = (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          return (waiting.rows[0]?.n ?? 0) >= 2;
        },
        5_000,
        "both processes' expiry jobs to be at work",
      );
    });
    const cancelled = async () =>
      (await database.db.select({ status: orders.orderStatus, reason: orders.cancelReason }).from(orders).where(inArray(orders.id, ids))).every(
        (o) => o.status === 'Cancelled' && o.reason === 'expired',
      );
    await eventually(cancelled, 10_000, 'every hold to be cancelled');
    // Both jobs run again on what is left: nothing changes twice.
    await sleep(2_500);
    expect(await stockNow()).toBe(STOCK);

    const expiredBy = (output: string) =>
      [...output.matchAll(/"msg":"order holds checked","expired":(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const byA = expiredBy(a.output().slice(before.a));
    const byB = expiredBy(b.output().slice(before.b));
    console.log(`multi-process: holds expired by A ${byA}, by B ${byB}`);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(ids.length);

    const messages = await database.db
      .select({ id: outboxMessages.id, orderId: outboxMessages.orderId, channel: outboxMessages.channel })
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.orderId, ids), eq(outboxMessages.kind, 'order_cancelled')));
    const perOrderAndChannel = new Map<string, number>();
    for (const m of messages) perOrderAndChannel.set(`${m.orderId} ${m.channel}`, (perOrderAndChannel.get(`${m.orderId} ${m.channel}`) ?? 0) + 1);
    expect(perOrderAndChannel.size).toBe(ids.length * 2);
    expect([...perOrderAndChannel.values()].every((n) => n === 1)).toBe(true);
    // And the two senders delivered each once (no channel configured: each is logged once, by one of them).
    const messageIds = messages.map((m) => m.id);
    await eventually(
      async () =>
        (await database.db.select({ status: outboxMessages.status }).from(outboxMessages).where(inArray(outboxMessages.id, messageIds))).every(
          (m) => m.status === 'logged',
        ),
      10_000,
      'the messages to be sent',
    );
    const rows = await database.db.select({ attempts: outboxMessages.attempts }).from(outboxMessages).where(inArray(outboxMessages.id, messageIds));
    expect(rows.every((m) => m.attempts === 1)).toBe(true);
    const both = a.output() + b.output();
    for (const id of messageIds) expect(both.split(`"msg":"message not sent (no channel configured)","id":"${id}"`).length - 1).toBe(1);
  });

  it('keep hearing each other after the listening connection is cut, and drop their copies when it is back', async () => {
    const quiet = await newProduct({ price: 100 });
    const edited = await newProduct({ price: 100 });
    expect((await listed(portB, quiet))?.price).toBe(100);
    // Unannounced: B's cache keeps showing 100 until something drops it.
    await database.db.update(products).set({ pricePesewas: 13_000 }).where(eq(products.id, quiet));
    await sleep(200);
    expect((await listed(portB, quiet))?.price).toBe(100);

    const cut = async () => {
      const pids = await listenerPids();
      expect(pids).toHaveLength(2);
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where ${LISTENING}`);
      return pids;
    };
    const listeningAgain = async (old: number[]) =>
      eventually(
        async () => {
          const pids = await listenerPids();
          return pids.length === 2 && pids.every((pid) => !old.includes(pid)) && (await call(portB, 'GET', '/api/health')).body.catalogueNotify === 'listening';
        },
        RECONNECT_LIMIT_MS,
        'both processes to listen again',
      );

    // Cut, and back: B dropped its copies (the unannounced change shows), having no way to know what it missed.
    const cutAt = performance.now();
    await listeningAgain(await cut());
    const reconnectMs = Math.round(performance.now() - cutAt);
    expect((await listed(portB, quiet))?.price).toBe(130);
    expect(b.output()).toContain('"msg":"catalogue listener lost its connection; listening again"');
    expect(b.output()).toContain('"msg":"catalogue listener listening again; local copies dropped"');

    // Cut again, with an edit through A at once (its notice may go out while B is not listening): B still shows it.
    const old = await cut();
    await setPrice(portA, edited, 160);
    const shownAfterCut = await msUntil(async () => (await listed(portB, edited))?.price === 160, performance.now(), RECONNECT_LIMIT_MS);
    await listeningAgain(old);
    // And notices flow again as before.
    await setPrice(portA, edited, 170);
    const answered = performance.now();
    const shownAfter = await msUntil(async () => (await listed(portB, edited))?.price === 170, answered, RECONNECT_LIMIT_MS);
    console.log(
      `multi-process: listeners back after ${reconnectMs} ms; an edit made as they were cut shown after ${Math.round(shownAfterCut)} ms; the next after ${Math.round(shownAfter)} ms`,
    );
    expect(shownAfter).toBeLessThan(NOTICE_BOUND_MS);
  });
});
