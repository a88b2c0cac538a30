import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { idempotencyKeys, orderItems, orders, products } from '@/server/db/schema';
import { login, registerCustomer } from '@/server/services/accounts/auth';
import type { Order, OrderAnswer } from '@/shared/types';
import { clusterProcesses } from '../helpers/cluster-processes';
import { createPostgresDatabase } from '../helpers/database';
import { checkoutForm } from '../helpers/orders';
import { listeningPort, type ServerProcess, startServer } from '../helpers/server-process';

/**
 * SIGKILL during a burst of orders, then a restart on the same data: what was answered is there,
 * nothing is half-written, stock adds up, and a replayed key answers its order. Runs on the default
 * engine (api:embedded: the shop's own embedded PostgreSQL in DATA_DIR, whose server must stop with
 * the shop) and on DATABASE_URL (api:postgres: a fresh database on the test server).
 */
const onPostgres = process.env.TEST_DB === 'postgres';

const PRODUCTS = [
  { name: 'Raw Shea Butter', pricePesewas: 4550, stock: 80 },
  { name: 'Black Soap', pricePesewas: 1200, stock: 80 },
  { name: 'Coconut Oil', pricePesewas: 2875, stock: 80 },
];
const WORKERS = 12;
/** The kill comes once this many orders have been answered, with the other workers' requests in flight. */
const KILL_AFTER_ANSWERS = 30;

interface Attempt {
  key: string;
  body: Record<string, unknown>;
  lines: { productId: string; quantity: number }[];
  status?: number;
  answer?: OrderAnswer;
  /** The connection broke before an answer came (the kill). */
  cutOff?: boolean;
}

interface Target {
  label: string;
  /** The default engine's folder, whose PostgreSQL server must not outlive the shop. */
  dataDir?: string;
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function makeTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (!onPostgres) {
    return {
      label: 'embedded PostgreSQL',
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ kind: 'embedded', dataDir }),
      cleanup: removeDir,
    };
  }
  const created = await createPostgresDatabase();
  return {
    label: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: created.url, APP_SECRET: 'a-crash-test-server-secret-of-32-characters' },
    open: () => openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 }),
    async cleanup() {
      await created.drop();
      await removeDir();
    },
  };
}

/** No process (server or backend) is left serving the folder's cluster, within a few seconds. */
async function expectNoServerProcesses(dataDir: string) {
  const cluster = path.join(dataDir, 'postgres');
  const serving = () => clusterProcesses(cluster);
  const until = Date.now() + 10_000;
  while (serving().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(serving()).toEqual([]);
}

/** Which lines request number `n` buys: one or two products, 1 to 3 units each (varied, repeatable). */
function linesFor(n: number, ids: string[]): { productId: string; quantity: number }[] {
  const first = n % ids.length;
  const lines = [{ productId: ids[first] as string, quantity: 1 + (n % 3) }];
  if (n % 2 === 1) lines.push({ productId: ids[(first + 1) % ids.length] as string, quantity: 1 });
  return lines;
}

async function post(port: number, attempt: Attempt) {
  const res = await fetch(`http://127.0.0.1:${port}/api/createGuestOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': attempt.key },
    body: JSON.stringify(attempt.body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: (await res.json()) as OrderAnswer & { message: string } };
}

describe(`SIGKILL during a burst of orders (${onPostgres ? 'DATABASE_URL' : 'the embedded default'})`, () => {
  it('keeps every answered order whole, stock adding up and keys replaying, after a restart', async () => {
    const target = await makeTarget();
    const servers: ServerProcess[] = [];
    // Every buyer here may hold stock in full (issue 41's share is proven in buyer-trust.test.ts): this is about durability.
    const env = { ...target.env, PORT: '0', RATE_LIMIT_ORDERS_PER_IP: '0', UNVERIFIED_STOCK_SHARE: '100' };
    try {
      // Products with known stock and an admin, written before the server starts.
      const seed = await target.open();
      const seeded = await seed.db
        .insert(products)
        .values(PRODUCTS.map((p) => ({ ...p, category: 'Skin' as const, images: ['0123456789abcdef0123456789abcdef'] })))
        .returning({ id: products.id });
      const ids = seeded.map((row) => row.id).sort();
      const price = new Map(seeded.map((row, index) => [row.id, PRODUCTS[index]?.pricePesewas ?? 0]));
      const initialStock = new Map(seeded.map((row, index) => [row.id, PRODUCTS[index]?.stock ?? 0]));
      const now = new Date();
      await registerCustomer(seed.db, { fullName: 'Admin', email: 'admin@example.com', password: 'password-1', confirmPassword: 'password-1' }, now, 'admin');
      const { token: adminToken } = await login(seed.db, { email: 'admin@example.com', password: 'password-1' }, now);
      await seed.close();

      // The burst: workers send orders back to back; the kill lands while the others are in flight.
      const first = startServer(env);
      servers.push(first);
      const port = await listeningPort(first);
      const attempts: Attempt[] = [];
      let answered = 0;
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const n = attempts.length;
          const lines = linesFor(n, ids);
          const attempt: Attempt = {
            key: `crash-test-${n}`,
            lines,
            body: { ...checkoutForm, fullName: `Shopper ${n}`, cart: lines.map((l) => ({ productId: l.productId, quantity: String(l.quantity) })) },
          };
          attempts.push(attempt);
          try {
            const { status, body } = await post(port, attempt);
            attempt.status = status;
            if (status === 201) {
              attempt.answer = body;
              answered += 1;
              if (answered >= KILL_AFTER_ANSWERS && !killed) {
                killed = true;
                first.child.kill('SIGKILL');
              }
            }
          } catch {
            attempt.cutOff = true;
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      await first.exited;
      // Node has no parent-death signal: the server's own (setpriv --pdeathsig) stops it with the shop.
      if (target.dataDir) await expectNoServerProcesses(target.dataDir);

      const ok = attempts.filter((a) => a.status === 201);
      const cutOff = attempts.filter((a) => a.cutOff);
      const otherAnswers = attempts.filter((a) => a.status !== undefined && a.status !== 201);
      expect(otherAnswers.map((a) => a.status)).toEqual([]); // stock is ample: nothing is refused
      expect(ok.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
      expect(cutOff.length).toBeGreaterThan(0); // the kill came mid-burst

      // The restart, on the same data.
      const second = startServer(env);
      servers.push(second);
      const port2 = await listeningPort(second);
      const api = async (url: string, headers: Record<string, string>) => {
        const res = await fetch(`http://127.0.0.1:${port2}${url}`, { headers });
        return { status: res.status, body: (await res.json()) as any };
      };
      const countOrders = async () => {
        const { status, body } = await api('/api/getAllOrders', { authorization: `Bearer ${adminToken}` });
        expect(status).toBe(200);
        return (body.orders as Order[]).length;
      };

      // Every answered order is there with all its lines and its total.
      for (const attempt of ok) {
        const answer = attempt.answer as OrderAnswer;
        const { status, body } = await api(`/api/getOrderById/${answer.order._id}`, { 'x-order-token': answer.orderToken ?? '' });
        expect(status, attempt.key).toBe(200);
        const order = body.order as Order;
        expect(order.items.map((i) => ({ productId: i.product._id, quantity: i.quantity }))).toEqual(attempt.lines);
        const total = attempt.lines.reduce((sum, l) => sum + (price.get(l.productId) ?? 0) * l.quantity, 0) / 100;
        expect(order.total).toBe(total);
        expect(order.total).toBe(answer.order.total);
      }
      const ordersAfterRestart = await countOrders();

      // Replaying an answered request's key answers the same order and creates nothing.
      for (const attempt of ok) {
        const replay = await post(port2, attempt);
        expect(replay.status, attempt.key).toBe(201);
        expect(replay.replayed).toBe(true);
        expect(replay.body.order._id).toBe(attempt.answer?.order._id);
      }
      expect(await countOrders()).toBe(ordersAfterRestart);

      // A shopper whose request was cut off retries with the same key: one order, whether or not the
      // first attempt had committed before the kill.
      let committedUnanswered = 0;
      for (const attempt of cutOff) {
        const retry = await post(port2, attempt);
        expect(retry.status, attempt.key).toBe(201);
        if (retry.replayed) committedUnanswered += 1;
        expect((await post(port2, attempt)).body.order._id).toBe(retry.body.order._id);
      }
      const expectedOrders = ordersAfterRestart + cutOff.length - committedUnanswered;
      expect(await countOrders()).toBe(expectedOrders);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      // The database itself: no half-written order, stock and units sold add up, every key has its order.
      const check = await target.open();
      try {
        const orderRows = await check.db.select().from(orders);
        const lineRows = await check.db.select().from(orderItems).orderBy(asc(orderItems.orderId), asc(orderItems.position));
        expect(orderRows).toHaveLength(expectedOrders);
        for (const order of orderRows) {
          const lines = lineRows.filter((l) => l.orderId === order.id);
          expect(lines.length, order.orderNumber).toBeGreaterThan(0);
          expect(order.subtotalPesewas).toBe(lines.reduce((sum, l) => sum + l.pricePesewas * l.quantity, 0));
          expect(order.totalPesewas).toBe(order.subtotalPesewas - order.discountPesewas);
        }
        const keys = await check.db.select().from(idempotencyKeys);
        expect(keys).toHaveLength(orderRows.length);
        expect(keys.filter((k) => k.orderId === null)).toEqual([]);
        expect(new Set(keys.map((k) => k.orderId)).size).toBe(orderRows.length);

        const productRows = await check.db.select().from(products);
        for (const product of productRows) {
          const inLines = lineRows.filter((l) => l.productId === product.id).reduce((sum, l) => sum + l.quantity, 0);
          expect((initialStock.get(product.id) ?? 0) - product.stock, product.name).toBe(inLines);
          expect(product.unitsSold, product.name).toBe(inLines);
        }
        const [{ units = 0 } = {}] = await check.db.select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems);
        console.log(
          `[crash ${target.label}] requests sent ${attempts.length}, answered 201 ${ok.length}, cut off ${cutOff.length} ` +
            `(${committedUnanswered} of them committed before the kill), orders in the database after the restart ${ordersAfterRestart}, ` +
            `after the cut-off retries ${orderRows.length}, units sold ${units}`,
        );
      } finally {
        await check.close();
      }
    } finally {
      for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await target.cleanup();
    }
  }, 60_000);
});
