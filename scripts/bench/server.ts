/**
 * The server half of `npm run bench`, started by scripts/bench/run.ts as its own process so the load
 * generator never shares this event loop.
 *
 *   node --import tsx scripts/bench/server.ts <demo|catalogue5000|orders|mixed|mixed5000>
 *
 * Serves the real app plus `/bare`: a plain Hono route answering a constant JSON body of the same
 * byte length as `/api/getProducts`, so the two can be compared in one run. The database is an
 * in-memory PGlite, or the PostgreSQL database named by BENCH_SERVER_DATABASE_URL (an empty one the
 * parent created for this run), with the server's own pool size, as `npm start` would open it.
 * Prints `READY <port> <bodyBytes>` on stdout once both answer; `/__inflight` reports requests
 * still being handled.
 *
 * The `orders` and `mixed` scenarios are the demo catalogue with the stock of a few products raised
 * to 1,000,000 (`mixed5000`: the generated 5,000-product catalogue, likewise); they print `ORDER_PRODUCTS <id>,<id>,...` (those products) before READY. `/__state`
 * answers what the database holds (see `BenchState`): the orders and their Idempotency-Keys, every
 * product's stock, units sold and quantity ordered, and the cart quantity of every customer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createApp } from '@/server/app';
import { type Database, type Db, openDatabase } from '@/server/db/client';
import { cartItems, deliveryOptions, idempotencyKeys, orderItems, orders, products, users } from '@/server/db/schema';
import { silentLogger } from '@/server/logger';
import { diskImageStore } from '@/server/services/catalogue/images';
import { benchDeps } from './app-deps';
import { generateCatalogue } from './generated-catalogue';

const SCENARIOS = ['demo', 'catalogue5000', 'orders', 'mixed', 'mixed5000'] as const;
type Scenario = (typeof SCENARIOS)[number];

const GENERATED_PRODUCTS = 5_000;
const INSERT_BATCH = 500; // 500 rows x 12 columns stays far below PostgreSQL's 65,535 parameters
// The orders scenario: enough stock that no order in any run is refused for want of it.
const ORDER_PRODUCTS = 5;
const AMPLE_STOCK = 1_000_000;

/** What `/__state` answers. */
export interface BenchState {
  /** Rows in `orders`. */
  orders: number;
  /** The Idempotency-Key of every order placed with one. */
  keys: string[];
  /** Every product: its stock, units sold, and the quantity of it in all order lines. */
  products: { id: string; stock: number; unitsSold: number; ordered: number }[];
  /** Every user's e-mail and the total quantity in their server cart. */
  carts: Record<string, number>;
}

async function insertGenerated(db: Db, count: number): Promise<void> {
  const rows = generateCatalogue(count);
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(products).values(rows.slice(i, i + INSERT_BATCH));
  }
}

/** The scenario's catalogue (the demo's or the generated one); for the order scenarios, the products they order, with ample stock. */
async function prepareCatalogue(db: Db, scenario: Scenario, uploadsDir: string): Promise<string[]> {
  const withOrders = scenario === 'orders' || scenario === 'mixed' || scenario === 'mixed5000';
  let orderProductIds: string[] = [];
  if (scenario !== 'catalogue5000' && scenario !== 'mixed5000') {
    // Imported here so the generated scenario still runs while the demo catalogue is being edited.
    const { seedDemo } = await import('@/server/shop-basics');
    await seedDemo(db, { images: diskImageStore(uploadsDir), log: silentLogger });
  } else {
    await insertGenerated(db, GENERATED_PRODUCTS);
  }
  if (withOrders) {
    // The first few by name, so every run orders the same products.
    const chosen = await db.select({ id: products.id }).from(products).orderBy(asc(products.name)).limit(ORDER_PRODUCTS);
    orderProductIds = chosen.map((p) => p.id);
    if (orderProductIds.length === 0) throw new Error('the demo catalogue has no products to order');
    await db.update(products).set({ stock: AMPLE_STOCK }).where(inArray(products.id, orderProductIds));
    // The scenarios time placing an order, as the spec's checkout sends it: without the demo's delivery
    // options, which would ask each order for a region and an option the bench does not choose.
    await db.delete(deliveryOptions);
  }
  return orderProductIds;
}

/** What the parent checks between runs: the orders, their keys, each product's stock against what was ordered, and the carts. */
async function benchStateOf(db: Db): Promise<Response> {
  const [total] = await db.select({ n: count() }).from(orders);
  const keyed = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(isNotNull(idempotencyKeys.orderId));
  const ordered = await db
    .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .groupBy(orderItems.productId);
  const orderedById = new Map(ordered.map((o) => [o.productId, o.quantity]));
  const stock = await db.select({ id: products.id, stock: products.stock, unitsSold: products.unitsSold }).from(products);
  const carts = await db
    .select({ email: users.email, quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(users)
    .leftJoin(cartItems, eq(cartItems.userId, users.id))
    .groupBy(users.email);
  const answer: BenchState = {
    orders: total?.n ?? 0,
    keys: keyed.map((k) => k.key),
    products: stock.map((p) => ({ ...p, ordered: orderedById.get(p.id) ?? 0 })),
    carts: Object.fromEntries(carts.map((c) => [c.email, c.quantity])),
  };
  return Response.json(answer);
}

async function main(): Promise<void> {
  const scenario = (process.argv[2] ?? process.env.BENCH_SCENARIO ?? 'demo') as Scenario;
  if (!SCENARIOS.includes(scenario)) {
    console.error(`Unknown scenario "${scenario}". Use one of: ${SCENARIOS.join(', ')}.`);
    process.exit(2);
  }

  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-uploads-'));
  let database: Database | undefined;
  let server: Server | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server?.closeAllConnections();
    server?.close();
    await database?.close().catch(() => {});
    rmSync(uploadsDir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  // The parent owns this process: when its stdin pipe closes (parent gone), stop too.
  process.stdin.on('end', () => void stop(0));
  process.stdin.on('error', () => void stop(0));
  process.stdin.resume();

  try {
    const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
    const dataDir = process.env.BENCH_SERVER_DATA_DIR;
    database = databaseUrl
      ? await openDatabase({ kind: 'postgres', url: databaseUrl })
      : dataDir
        ? await openDatabase({ kind: 'embedded', dataDir })
        : await openDatabase({ kind: 'pglite' });
    const { db } = database;
    const orderProductIds = await prepareCatalogue(db, scenario, uploadsDir);

    const app = createApp(benchDeps(db, uploadsDir));

    // Captured once: the bare route sends these exact bytes, so only the work behind them differs.
    const probe = await app.request('/api/getProducts');
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`GET /api/getProducts answered ${probe.status}: ${body.slice(0, 200)}`);
    const bodyBytes = Buffer.byteLength(body);

    const bare = new Hono().get('/bare', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
    // Requests outlive a closed client socket (the query still runs), so the parent waits for this
    // count to reach 0 before the next run; otherwise one run's backlog slows the next.
    let inFlight = 0;
    // req.url is a cached string in @hono/node-server, so these tests cost either route next to nothing.
    const fetch = async (req: Request): Promise<Response> => {
      const url = req.url;
      if (url.endsWith('/__inflight')) return new Response(String(inFlight));
      // Asked between runs only, so it never competes with a measured request.
      if (url.endsWith('/__state')) return benchStateOf(db);
      inFlight++;
      try {
        return await (url.endsWith('/bare') ? bare.fetch(req) : app.fetch(req));
      } finally {
        inFlight--;
      }
    };

    server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)) as Server;
      s.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    if (orderProductIds.length > 0) process.stdout.write(`ORDER_PRODUCTS ${orderProductIds.join(',')}\n`);
    process.stdout.write(`READY ${port} ${bodyBytes}\n`);
  } catch (error) {
    console.error(`bench-server (${scenario}) failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
    await stop(1);
  }
}

await main();
