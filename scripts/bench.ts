/**
 * `npm run bench`: requests/s and p50/p99 latency of `GET /api/getProducts` at 50 connections, on
 * the demo catalogue and on a generated 5,000-product one, next to a bare Hono route answering a
 * constant body of the same size from the same server process. The ratio to the bare route is the
 * figure to report: it cancels out the machine and the cost of moving the bytes. `?sort=price-asc`
 * (the same products in another order, so the same bytes) measures an answer to query parameters,
 * which the catalogue cache keeps under its own key.
 *
 * The `orders` scenario measures `POST /api/createGuestOrder` at 20 connections on products with
 * ample stock, every request with its own Idempotency-Key, then checks that the orders in the
 * database are exactly those the answers announced.
 *
 * The `pages` scenario (scripts/bench-pages.ts) times server-rendered pages in-process: a cold
 * product page must render in under 20 ms at the median.
 *
 * The `mixed` scenario is a shopper load: 100 connections for 30 s on the demo catalogue (five
 * products' stock raised to 1,000,000), once on PGlite and once on PostgreSQL. Each request is drawn
 * at random with these weights. Mostly browsing, as in a shop's logs: a visit loads the catalogue,
 * opens a product or two and sometimes searches; some visits put something in the cart, and a few
 * order (5 % of requests is a high conversion rate, chosen so that writes contend for stock):
 *   35 %  browse      GET /api/getProducts (the whole catalogue, what every visit loads first)
 *   15 %  search      GET /api/getProducts?q=<term> (the app searches its copy of the catalogue on
 *                     the phone; this is the API's own search, what a client without it would call)
 *   35 %  product     GET /api/getSingleProductById/<id> (any product of the catalogue)
 *   10 %  add to cart POST /api/addToCart, 1-2 of a product in stock, with a bearer token: each
 *                     connection is its own customer, signed up and logged in before the run
 *    5 %  guest order POST /api/createGuestOrder, 1-3 lines, Cash on Delivery, its own Idempotency-Key
 * Every request says `Accept-Encoding: gzip`, like a browser, and times out after 20 s, as the
 * app's HTTP client does (src/client/lib/http.ts): a timeout counts as an error. Afterwards the
 * database is checked against the answers: orders (as in `orders`), stock (for every product, stock
 * taken = units sold = quantities in new order lines = what the placed requests asked for) and carts
 * (each customer's cart holds what their answered adds put in it, plus at most the adds cut off
 * unanswered when a run stopped).
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, names a server where a database of its own
 * is created for the run and dropped afterwards; with neither, that run is skipped (and said so).
 *
 * Each scenario runs in a child process (scripts/bench-server.ts) so autocannon never competes with
 * the server's event loop. BENCH_DURATION sets the seconds measured per endpoint (default 10) and,
 * unless BENCH_MIX_DURATION is set, those of the mixed load (default 30); BENCH_WARMUP the warm-up
 * (default 2); BENCH_SCENARIOS (demo,catalogue5000,orders,mixed,pages) and BENCH_BACKENDS (embedded,pglite,postgres,
 * for `mixed`) choose what runs. Results also go to reports/bench.json. Exits 1 if any request failed
 * (error, timeout or non-2xx) or the database does not add up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseEnv } from '../src/server/config';
import { seededRandom } from '../src/shared/random';
import type { BenchState } from './bench-server';

/** The part of autocannon's API used here; the package ships no types. */
interface AutocannonRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called for every request a connection sends; `context` is the connection's own. */
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  /** Called with each answer before the connection sends its next request, and with the same context. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
}
/** One connection, as `setupClient` receives it before it connects. */
interface AutocannonClient {
  /** Replaces the connection's request list (and builds its first request). */
  setRequests(requests: AutocannonRequest[]): void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  pipelining?: number;
  requests?: AutocannonRequest[];
  /** Called once per connection, before it connects. */
  setupClient?: (client: AutocannonClient) => void;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number; totalCount: number };
  requests: { average: number; sent: number };
  throughput: { average: number };
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): void;
  stop(): void;
}
type Autocannon = (options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
const PAGES_SCRIPT = fileURLToPath(new URL('./bench-pages.ts', import.meta.url));
const ALL_SCENARIOS = ['demo', 'catalogue5000', 'orders', 'mixed', 'pages'] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
// BENCH_SCENARIOS=catalogue5000 (or orders, mixed) runs one scenario only, for quicker checks.
const SCENARIOS = ALL_SCENARIOS.filter((s) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(s));
// embedded: the default engine (the shop's own PostgreSQL in a fresh DATA_DIR, every commit synced).
const ALL_BACKENDS = ['embedded', 'pglite', 'postgres'] as const;
type Backend = (typeof ALL_BACKENDS)[number];
// BENCH_BACKENDS=embedded (or pglite, postgres) runs the mixed load on one backend only.
const BACKENDS = ALL_BACKENDS.filter((b) => !process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(b));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const ENDPOINTS = [
  { name: 'getProducts', path: '/api/getProducts' },
  // The same products in another order (the same bytes as the bare route), cached under its own key.
  { name: 'getProductsQuery', path: '/api/getProducts?sort=price-asc' },
  { name: 'bare', path: '/bare' },
] as const;
const ORDER_ENDPOINT = { name: 'createGuestOrder', path: '/api/createGuestOrder' } as const;
type EndpointName = (typeof ENDPOINTS)[number]['name'] | typeof ORDER_ENDPOINT.name;

const CONNECTIONS = 50;
const ORDER_CONNECTIONS = 20;
const MIX_CONNECTIONS = 100;
const DURATION_S = positiveNumber('BENCH_DURATION', 10);
const MIX_DURATION_S = positiveNumber('BENCH_MIX_DURATION', process.env.BENCH_DURATION ? DURATION_S : 30);
const WARMUP_S = positiveNumber('BENCH_WARMUP', 2);
// Seeding the demo renders every product image with sharp; a slow machine needs its minute.
const READY_TIMEOUT_MS = 180_000;
// A saturated server queues 50 requests deep: a short timeout would count queueing as failure.
const REQUEST_TIMEOUT_S = 120;
// The mixed load waits as long as the app's own HTTP client does (src/client/lib/http.ts) before a
// shopper's phone gives up: a slower answer is a timeout, so an error.
const MIX_REQUEST_TIMEOUT_S = 20;
const DRAIN_TIMEOUT_MS = 120_000;
// The child reads the same variable the same way; shown so a figure is never read without it.
const CATALOGUE_CACHE_MS = parseEnv({ CATALOGUE_CACHE_MS: process.env.CATALOGUE_CACHE_MS }).CATALOGUE_CACHE_MS;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number of seconds, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

/** What a load run measured: the figures the tables print. */
interface LoadFigures {
  durationS: number;
  /** 2xx answers in the measured window (for orders: orders placed, replays excluded). */
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface RunResult extends LoadFigures {
  scenario: Scenario;
  endpoint: EndpointName;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** The answer's size; for orders the mean of the 201 answers. */
  bodyBytes: number;
  throughputMBps: number;
}

// Every child is stopped whatever way this process ends, so no server is left holding a port.
// SIGTERM lets a child delete its temporary uploads folder; a child also stops when its stdin closes.
const children = new Set<ChildProcess>();
// PostgreSQL databases made for a run, dropped once their server has stopped, or on Ctrl-C.
const databases = new Set<BenchDatabase>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping.`);
    void Promise.all([...children].map(stopServer))
      .then(() => Promise.all([...databases].map((d) => d.drop().catch(() => {}))))
      .finally(() => process.exit(130));
  });
}

interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the PostgreSQL server at `serverUrl`, as tests/helpers/database.ts makes one. */
async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `shop_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database: BenchDatabase = {
    url: url.toString(),
    async drop() {
      databases.delete(database);
      await run(`drop database if exists ${name} with (force)`);
    },
  };
  databases.add(database);
  return database;
}

interface Server {
  child: ChildProcess;
  base: string;
  bodyBytes: number;
  /** The orders scenario's products with ample stock. */
  orderProductIds: string[];
}

/** The server's database: that PostgreSQL database, the embedded server in a fresh folder, or (neither) an in-memory PGlite. */
async function startServer(scenario: Scenario, databaseUrl?: string, dataDir?: string): Promise<Server> {
  // node --import tsx, not npx tsx: no wrapper process, so the pid we kill is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT, scenario], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', BENCH_SERVER_DATABASE_URL: databaseUrl ?? '', BENCH_SERVER_DATA_DIR: dataDir ?? '' },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!child.stdout) throw new Error('the server child has no stdout pipe');
  const lines = readline.createInterface({ input: child.stdout });
  let orderProductIds: string[] = [];
  try {
    const ready = await new Promise<{ port: number; bodyBytes: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the ${scenario} server was not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the ${scenario} server exited before it was ready (${signal ?? `code ${code}`})`));
      });
      lines.on('line', (line) => {
        const products = /^ORDER_PRODUCTS (\S+)$/.exec(line.trim());
        if (products) orderProductIds = (products[1] ?? '').split(',');
        const match = /^READY (\d+) (\d+)$/.exec(line.trim());
        if (!match) return;
        clearTimeout(timer);
        resolve({ port: Number(match[1]), bodyBytes: Number(match[2]) });
      });
    });
    return { child, base: `http://127.0.0.1:${ready.port}`, bodyBytes: ready.bodyBytes, orderProductIds };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** One request to each endpoint: both must answer 200 with exactly the announced number of bytes. */
async function checkEndpoints(server: Server): Promise<void> {
  for (const endpoint of ENDPOINTS) {
    const res = await fetch(server.base + endpoint.path);
    const bytes = Buffer.byteLength(await res.text());
    if (res.status !== 200 || bytes !== server.bodyBytes) {
      throw new Error(`GET ${endpoint.path} answered ${res.status} with ${bytes} bytes; expected 200 with ${server.bodyBytes}`);
    }
  }
}

/**
 * A GET with one overall deadline. fetch() gives up connecting after 10 s, and a server busy with a
 * backlog may not accept a connection for longer than that.
 */
function getText(url: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} took longer than ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** Waits until the server has finished every request, including those of clients already gone. */
async function drain(server: Server): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if ((await getText(`${server.base}/__inflight`, deadline - Date.now())).trim() === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was still busy ${DRAIN_TIMEOUT_MS / 1000} s after a run`);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: the smallest sample with at least p% of samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** One measured run's figures; `requests` is what counts as done (2xx answers, or orders placed). */
function toRunResult(
  what: Pick<RunResult, 'scenario' | 'endpoint' | 'method' | 'path' | 'connections' | 'bodyBytes'>,
  requests: number,
  result: AutocannonResult,
  latencies: Float64Array,
): RunResult {
  return {
    ...what,
    durationS: result.duration,
    requests,
    requestsPerSec: requests / result.duration,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    throughputMBps: result.throughput.average / 1e6,
  };
}

interface LoadOptions {
  connections?: number;
  /** Seconds before a request counts as timed out (and as an error). */
  timeoutS?: number;
  requests?: AutocannonRequest[];
  setupClient?: (client: AutocannonClient) => void;
  /** Every answer's status and response time, right after the request's own `onResponse`. */
  onAnswer?: (statusCode: number, ms: number) => void;
}

function load(
  url: string,
  durationS: number,
  { connections = CONNECTIONS, timeoutS = REQUEST_TIMEOUT_S, requests, setupClient, onAnswer }: LoadOptions = {},
): Promise<{ result: AutocannonResult; latencies: Float64Array }> {
  // autocannon's own histogram keeps whole milliseconds; the raw response times keep the fraction.
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    // Pipelining 1 also matters to the orders: an answer's context is then its own request's.
    const options: AutocannonOptions = {
      url,
      connections,
      duration: durationS,
      timeout: timeoutS,
      pipelining: 1,
      ...(requests ? { requests } : {}),
      ...(setupClient ? { setupClient } : {}),
    };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ result, latencies: Float64Array.from(latencies).sort() });
    });
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
      onAnswer?.(statusCode, ms);
    });
  });
}

async function measure(server: Server, scenario: Scenario, endpoint: (typeof ENDPOINTS)[number]): Promise<{ run: RunResult; warmupFailures: number }> {
  const url = server.base + endpoint.path;
  // The warm-up lets V8 optimise the hot paths; its figures are thrown away.
  const warmup = await load(url, WARMUP_S);
  await drain(server);
  const { result, latencies } = await load(url, DURATION_S);
  await drain(server);
  const run = toRunResult(
    { scenario, endpoint: endpoint.name, method: 'GET', path: endpoint.path, connections: CONNECTIONS, bodyBytes: server.bodyBytes },
    latencies.length,
    result,
    latencies,
  );
  return { run, warmupFailures: warmup.result.errors + warmup.result.non2xx };
}

/** What the orders scenario's requests got back in one phase (warm-up or measured run). */
interface OrderTally {
  placed: number;
  placedBytes: number;
}

/**
 * Builds guest orders of 1-3 lines (1-3 of each product) and follows every one by its
 * Idempotency-Key: unique per request, so no request can be answered with another's order.
 */
class GuestOrders {
  private count = 0;
  private readonly rand = seededRandom(20_261_123);
  private readonly tag = Date.now().toString(36);
  readonly sent = new Set<string>();
  /** Keys answered 201 with a new order. */
  readonly placed = new Set<string>();
  /** Keys answered 201 flagged Idempotent-Replayed: only a key sent twice could be. */
  readonly replayed = new Set<string>();
  /** Keys answered with anything else. */
  readonly refused = new Set<string>();
  /** What each sent key asked for: product id to quantity. */
  readonly lines = new Map<string, Map<string, number>>();

  constructor(private readonly productIds: string[]) {
    if (productIds.length === 0) throw new Error('the orders server named no products with ample stock');
  }

  key(label: string | number): string {
    return `bench-${this.tag}-${label}`;
  }

  body(n: number, key?: string): string {
    const pool = [...this.productIds];
    const lines = Math.min(pool.length, 1 + Math.floor(this.rand() * 3));
    const cart = Array.from({ length: lines }, () => {
      const [productId = ''] = pool.splice(Math.floor(this.rand() * pool.length), 1);
      return { productId, quantity: 1 + Math.floor(this.rand() * 3) };
    });
    if (key) this.lines.set(key, new Map(cart.map((line) => [line.productId, line.quantity])));
    return JSON.stringify({
      fullName: `Bench Shopper ${n}`,
      email: `shopper${n}@example.com`,
      phone: '0241234567',
      address: `${n} Liberation Road`,
      city: 'Accra',
      paymentMethod: 'Cash on Delivery',
      // Quantities as strings, as the spec's guest cart sends them.
      cart: cart.map((line) => ({ ...line, quantity: String(line.quantity) })),
    });
  }

  /** A new order under a new key, kept in the connection's `context` for `record`. */
  prepare(context: Record<string, unknown>): { headers: Record<string, string>; body: string } {
    const n = ++this.count;
    const key = this.key(n);
    context.orderKey = key;
    this.sent.add(key);
    return { headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: this.body(n, key) };
  }

  /** Files the answer under its key; true when it placed a new order. */
  record(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>, tally: OrderTally): boolean {
    const key = String(context.orderKey);
    const replayed = Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'idempotent-replayed' && String(value) === 'true');
    if (status !== 201) this.refused.add(key);
    else if (replayed || this.placed.has(key)) this.replayed.add(key);
    else {
      this.placed.add(key);
      tally.placed++;
      tally.placedBytes += Buffer.byteLength(body);
      return true;
    }
    return false;
  }

  /** autocannon's request list: a fresh body and key each time a connection sends. */
  requests(tally: OrderTally): AutocannonRequest[] {
    return [
      {
        method: 'POST',
        path: ORDER_ENDPOINT.path,
        setupRequest: (request, context) => ({ ...request, ...this.prepare(context) }),
        onResponse: (status, body, context, headers) => void this.record(status, body, context, headers, tally),
      },
    ];
  }
}

async function benchState(server: Server): Promise<BenchState> {
  return JSON.parse(await getText(`${server.base}/__state`, DRAIN_TIMEOUT_MS)) as BenchState;
}

/** Keys that placed an order between the two states. */
function newOrderKeys(before: BenchState, after: BenchState): Set<string> {
  const existing = new Set(before.keys);
  return new Set(after.keys.filter((key) => !existing.has(key)));
}

/** The database against the answers, over the warm-up and the measured run together. */
interface OrderCheck {
  requestsSent: number;
  /** 201 answers with a new order. */
  answered201: number;
  replayed: number;
  /** Any other answer. */
  refused: number;
  /** Requests whose answer was never read: cut off when a run stopped (or timed out). */
  unanswered: number;
  /** Rows added to `orders` since just before the warm-up. */
  ordersInDb: number;
  /** Of those, orders placed by unanswered requests: the server finished them after the client left. */
  placedUnanswered: number;
  /** 201 answers whose key has no order: must be 0. */
  answeredWithoutOrder: number;
  /** Refused requests whose key has an order anyway: must be 0. */
  refusedWithOrder: number;
  /** New orders not under exactly one key this run sent (a key placed twice, or no key): must be 0. */
  unknownOrders: number;
  match: boolean;
}

function checkOrders(orders: GuestOrders, before: BenchState, after: BenchState): OrderCheck {
  const newKeys = newOrderKeys(before, after);
  const ordersAdded = after.orders - before.orders;
  const answered = (key: string) => orders.placed.has(key) || orders.replayed.has(key) || orders.refused.has(key);
  const unanswered = [...orders.sent].filter((key) => !answered(key));
  const check = {
    requestsSent: orders.sent.size,
    answered201: orders.placed.size,
    replayed: orders.replayed.size,
    refused: orders.refused.size,
    unanswered: unanswered.length,
    ordersInDb: ordersAdded,
    placedUnanswered: unanswered.filter((key) => newKeys.has(key)).length,
    answeredWithoutOrder: [...orders.placed].filter((key) => !newKeys.has(key)).length,
    refusedWithOrder: [...orders.refused].filter((key) => newKeys.has(key)).length,
    unknownOrders: ordersAdded - [...newKeys].filter((key) => orders.sent.has(key)).length,
  };
  const match =
    check.ordersInDb === check.answered201 + check.placedUnanswered &&
    check.replayed === 0 &&
    check.answeredWithoutOrder === 0 &&
    check.refusedWithOrder === 0 &&
    check.unknownOrders === 0;
  return { ...check, match };
}

/** One order and its replay: the key must give back the same order, flagged, or the count means nothing. */
async function probeOrder(server: Server, orders: GuestOrders): Promise<void> {
  const body = orders.body(0);
  const send = () =>
    fetch(server.base + ORDER_ENDPOINT.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': orders.key('probe') },
      body,
    });
  const first = await send();
  const placed = (await first.json()) as { order?: { _id?: string }; orderToken?: string };
  if (first.status !== 201 || !placed.order?._id || !placed.orderToken) {
    throw new Error(`POST ${ORDER_ENDPOINT.path} answered ${first.status}: ${JSON.stringify(placed).slice(0, 300)}`);
  }
  const again = await send();
  const replay = (await again.json()) as { order?: { _id?: string } };
  if (again.status !== 201 || again.headers.get('idempotent-replayed') !== 'true' || replay.order?._id !== placed.order._id) {
    throw new Error(`a repeated Idempotency-Key was answered ${again.status}, not with the first order flagged Idempotent-Replayed`);
  }
}

async function measureOrders(server: Server, scenario: Scenario): Promise<{ run: RunResult; warmupFailures: number; check: OrderCheck }> {
  const orders = new GuestOrders(server.orderProductIds);
  await probeOrder(server, orders);
  const url = server.base + ORDER_ENDPOINT.path;
  const before = await benchState(server);
  const warmup = await load(url, WARMUP_S, { connections: ORDER_CONNECTIONS, requests: orders.requests({ placed: 0, placedBytes: 0 }) });
  await drain(server);
  const tally: OrderTally = { placed: 0, placedBytes: 0 };
  const { result, latencies } = await load(url, DURATION_S, { connections: ORDER_CONNECTIONS, requests: orders.requests(tally) });
  // Requests cut off when the run stopped are still being placed: the count waits for them.
  await drain(server);
  const check = checkOrders(orders, before, await benchState(server));
  const run = toRunResult(
    {
      scenario,
      endpoint: ORDER_ENDPOINT.name,
      method: 'POST',
      path: ORDER_ENDPOINT.path,
      connections: ORDER_CONNECTIONS,
      bodyBytes: tally.placed > 0 ? Math.round(tally.placedBytes / tally.placed) : 0,
    },
    tally.placed,
    result,
    latencies,
  );
  return { run, warmupFailures: warmup.result.errors + warmup.result.non2xx, check };
}

// The mixed shopper load (scenario `mixed`).

type MixKind = 'browse' | 'search' | 'product' | 'addToCart' | 'guestOrder';
/** Weights in percent; the header comment says why. */
const MIX: readonly { kind: MixKind; weight: number; request: string }[] = [
  { kind: 'browse', weight: 35, request: 'GET /api/getProducts' },
  { kind: 'search', weight: 15, request: 'GET /api/getProducts?q=' },
  { kind: 'product', weight: 35, request: 'GET /api/getSingleProductById/:id' },
  { kind: 'addToCart', weight: 10, request: 'POST /api/addToCart' },
  { kind: 'guestOrder', weight: 5, request: 'POST /api/createGuestOrder' },
];
const MIX_TOTAL_WEIGHT = MIX.reduce((sum, m) => sum + m.weight, 0);
// What shoppers type: words of the demo catalogue, and one it does not have.
const SEARCH_TERMS = ['shea', 'black soap', 'oil', 'chebe', 'coconut', 'moringa', 'lip balm', 'gift', 'lemongrass', 'baobab', 'sunscreen'];
const CUSTOMER_PASSWORD = 'bench-password-1';
// Each sign-up and login costs an argon2 hash: a few at a time keep both cores busy.
const SIGN_UP_CONCURRENCY = 4;
// What a phone's browser sends with every call.
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' } as const;

interface Customer {
  email: string;
  token: string;
}

/** Signs `count` customers up and logs each in through the API, as the app does. */
async function createCustomers(server: Server, count: number): Promise<Customer[]> {
  const tag = Date.now().toString(36);
  const customers: Customer[] = [];
  const post = async (apiPath: string, body: unknown) => {
    const res = await fetch(server.base + apiPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, answer: (await res.json()) as { token?: unknown } };
  };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const email = `bench-customer-${tag}-${i}@example.com`;
      const signUp = await post('/api/addUser', { fullName: `Bench Customer ${i}`, email, password: CUSTOMER_PASSWORD, confirmPassword: CUSTOMER_PASSWORD });
      if (signUp.status !== 201) throw new Error(`POST /api/addUser answered ${signUp.status}: ${JSON.stringify(signUp.answer).slice(0, 300)}`);
      const login = await post('/api/login', { email, password: CUSTOMER_PASSWORD });
      if (login.status !== 200 || typeof login.answer.token !== 'string') {
        throw new Error(`POST /api/login answered ${login.status}: ${JSON.stringify(login.answer).slice(0, 300)}`);
      }
      customers[i] = { email, token: login.answer.token };
    }
  };
  await Promise.all(Array.from({ length: SIGN_UP_CONCURRENCY }, worker));
  return customers;
}

interface KindTally {
  /** 2xx answers. */
  ok: number;
  failed: number;
  /** Response times of the 2xx answers. */
  latencies: number[];
}

/** One phase's tallies (warm-up or measured run). */
interface MixPhase {
  byKind: Record<MixKind, KindTally>;
  /** `<kind> <status> <start of the body>` of every failed answer, counted. */
  failures: Map<string, number>;
  orders: OrderTally;
}

function newPhase(): MixPhase {
  const byKind = Object.fromEntries(MIX.map((m) => [m.kind, { ok: 0, failed: 0, latencies: [] }])) as unknown as Record<MixKind, KindTally>;
  return { byKind, failures: new Map(), orders: { placed: 0, placedBytes: 0 } };
}

/** What one customer's addToCart calls asked for and got (quantities, warm-up and measured run). */
interface CartTally {
  sent: number;
  /** Answered 200: in the cart. */
  added: number;
  /** Answered at all (200 or not); `sent - answered` were cut off when a run stopped. */
  answered: number;
}

/**
 * Draws each request of the mix and files its answer. Connection i is customer i: autocannon's
 * `setupClient` gives every connection its own request list, whose closures hold its customer.
 */
class ShopperMix {
  private readonly rand = seededRandom(20_261_124);
  /** The kind of the answer just filed, for the response time autocannon reports right after. */
  private lastAnswered: MixKind | undefined;
  private phase = newPhase();
  readonly carts = new Map<string, CartTally>();

  constructor(
    private readonly productIds: string[],
    private readonly cartProductIds: string[],
    readonly orders: GuestOrders,
    private readonly customers: Customer[],
  ) {
    if (productIds.length === 0) throw new Error('the catalogue is empty');
    for (const customer of customers) this.carts.set(customer.email, { sent: 0, added: 0, answered: 0 });
  }

  startPhase(): MixPhase {
    this.phase = newPhase();
    return this.phase;
  }

  /** For one autocannon run: connection i gets customer i. */
  setupClient(): (client: AutocannonClient) => void {
    let next = 0;
    return (client) => {
      const customer = this.customers[next++ % this.customers.length] as Customer;
      client.setRequests([
        {
          setupRequest: (request, context) => this.build(request, context, customer),
          onResponse: (status, body, context, headers) => this.record(status, body, context, headers, customer),
        },
      ]);
    };
  }

  /**
   * load()'s onAnswer. autocannon files an answer with the request's onResponse and then, in the same
   * tick, reports its response time: so the kind filed last is this answer's.
   */
  readonly onAnswer = (statusCode: number, ms: number): void => {
    if (this.lastAnswered && statusCode >= 200 && statusCode < 300) this.phase.byKind[this.lastAnswered].latencies.push(ms);
    this.lastAnswered = undefined;
  };

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)] as T;
  }

  private draw(): MixKind {
    let r = this.rand() * MIX_TOTAL_WEIGHT;
    for (const m of MIX) {
      r -= m.weight;
      if (r < 0) return m.kind;
    }
    return 'browse';
  }

  private cartOf(customer: Customer): CartTally {
    const tally = this.carts.get(customer.email);
    if (!tally) throw new Error(`unknown customer ${customer.email}`);
    return tally;
  }

  private build(request: AutocannonRequest, context: Record<string, unknown>, customer: Customer): AutocannonRequest {
    const kind = this.draw();
    context.kind = kind;
    const get = (apiPath: string): AutocannonRequest => ({ ...request, method: 'GET', path: apiPath, headers: { ...BROWSER_HEADERS } });
    switch (kind) {
      case 'browse':
        return get('/api/getProducts');
      case 'search':
        return get(`/api/getProducts?q=${encodeURIComponent(this.pick(SEARCH_TERMS))}`);
      case 'product':
        return get(`/api/getSingleProductById/${this.pick(this.productIds)}`);
      case 'addToCart': {
        const quantity = 1 + Math.floor(this.rand() * 2);
        context.quantity = quantity;
        this.cartOf(customer).sent += quantity;
        return {
          ...request,
          method: 'POST',
          path: '/api/addToCart',
          headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
          body: JSON.stringify({ productId: this.pick(this.cartProductIds), quantity }),
        };
      }
      case 'guestOrder': {
        const { headers, body } = this.orders.prepare(context);
        return { ...request, method: 'POST', path: ORDER_ENDPOINT.path, headers: { ...BROWSER_HEADERS, ...headers }, body };
      }
    }
  }

  private record(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>, customer: Customer): void {
    const kind = context.kind as MixKind;
    this.lastAnswered = kind;
    if (kind === 'guestOrder') this.orders.record(status, body, context, headers, this.phase.orders);
    if (kind === 'addToCart') {
      const quantity = Number(context.quantity);
      const cart = this.cartOf(customer);
      cart.answered += quantity;
      if (status === 200) cart.added += quantity;
    }
    const tally = this.phase.byKind[kind];
    if (status >= 200 && status < 300) tally.ok++;
    else {
      tally.failed++;
      const what = `${kind} ${status} ${body.slice(0, 160)}`;
      this.phase.failures.set(what, (this.phase.failures.get(what) ?? 0) + 1);
    }
  }
}

/** Stock against the orders placed between two states, over every product. */
interface StockCheck {
  /** Units the requests whose keys placed an order asked for. */
  asked: number;
  /** The drop in stock. */
  stockTaken: number;
  /** The rise in units sold. */
  unitsSold: number;
  /** Units in new order lines. */
  ordered: number;
  /** Products where the four differ (or that appeared or vanished): must be 0. */
  mismatchedProducts: number;
  /** Products whose stock is below zero: must be 0. */
  negativeStock: number;
  match: boolean;
}

function checkStock(orders: GuestOrders, before: BenchState, after: BenchState): StockCheck {
  const asked = new Map<string, number>();
  for (const key of newOrderKeys(before, after)) {
    for (const [productId, quantity] of orders.lines.get(key) ?? []) asked.set(productId, (asked.get(productId) ?? 0) + quantity);
  }
  const beforeById = new Map(before.products.map((p) => [p.id, p]));
  const check = { asked: 0, stockTaken: 0, unitsSold: 0, ordered: 0, mismatchedProducts: 0, negativeStock: 0 };
  for (const product of after.products) {
    const was = beforeById.get(product.id);
    if (product.stock < 0) check.negativeStock++;
    if (!was) {
      check.mismatchedProducts++;
      continue;
    }
    const taken = was.stock - product.stock;
    const sold = product.unitsSold - was.unitsSold;
    const ordered = product.ordered - was.ordered;
    const wanted = asked.get(product.id) ?? 0;
    check.asked += wanted;
    check.stockTaken += taken;
    check.unitsSold += sold;
    check.ordered += ordered;
    if (taken !== sold || taken !== ordered || taken !== wanted) check.mismatchedProducts++;
  }
  check.mismatchedProducts += Math.max(0, before.products.length - after.products.length);
  return { ...check, match: check.mismatchedProducts === 0 && check.negativeStock === 0 };
}

/** Each customer's cart against their addToCart answers. */
interface CartCheck {
  customers: number;
  /** Units answered 200. */
  added: number;
  /** Units added to the customers' carts in the database. */
  inCarts: number;
  /** Units of adds cut off unanswered when a run stopped (the server may have added them). */
  cutOff: number;
  /** Customers whose cart holds less than their answered adds, or more than those and the cut-off ones: must be 0. */
  mismatched: number;
  match: boolean;
}

function checkCarts(mix: ShopperMix, before: BenchState, after: BenchState): CartCheck {
  const check = { customers: mix.carts.size, added: 0, inCarts: 0, cutOff: 0, mismatched: 0 };
  for (const [email, cart] of mix.carts) {
    const inCart = (after.carts[email] ?? 0) - (before.carts[email] ?? 0);
    const cutOff = cart.sent - cart.answered;
    check.added += cart.added;
    check.inCarts += inCart;
    check.cutOff += cutOff;
    if (inCart < cart.added || inCart > cart.added + cutOff) check.mismatched++;
  }
  return { ...check, match: check.mismatched === 0 };
}

interface MixKindResult {
  request: string;
  /** Share of the measured run's requests. */
  share: number;
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

interface MixRun extends LoadFigures {
  backend: Backend;
  connections: number;
  /** Errors and non-2xx answers of the warm-up. */
  warmupFailures: number;
  byKind: Record<MixKind, MixKindResult>;
  /** Failed answers of both phases, by kind, status and the start of the body. */
  failures: Record<string, number>;
  customers: number;
  signUpS: number;
  /** Warm-up and measured run together. */
  orders: OrderCheck;
  stock: StockCheck;
  carts: CartCheck;
}

type MixOutcome = MixRun | { backend: Backend; skipped: string };

async function measureMixed(server: Server, backend: Backend): Promise<MixRun> {
  const catalogue = JSON.parse(await getText(`${server.base}/api/getProducts`, DRAIN_TIMEOUT_MS)) as { data: { _id: string }[] };
  const signUpStarted = performance.now();
  const customers = await createCustomers(server, MIX_CONNECTIONS);
  const signUpS = (performance.now() - signUpStarted) / 1000;
  const orders = new GuestOrders(server.orderProductIds);
  await probeOrder(server, orders);
  const mix = new ShopperMix(
    catalogue.data.map((p) => p._id),
    server.orderProductIds,
    orders,
    customers,
  );

  const before = await benchState(server);
  const warmupPhase = mix.startPhase();
  const options = (): LoadOptions => ({
    connections: MIX_CONNECTIONS,
    timeoutS: MIX_REQUEST_TIMEOUT_S,
    setupClient: mix.setupClient(),
    onAnswer: mix.onAnswer,
  });
  const warmup = await load(server.base, WARMUP_S, options());
  await drain(server);
  const phase = mix.startPhase();
  const { result, latencies } = await load(server.base, MIX_DURATION_S, options());
  // Requests cut off when the run stopped are still being handled: the checks wait for them.
  await drain(server);
  const after = await benchState(server);

  const measuredTotal = MIX.reduce((sum, m) => sum + phase.byKind[m.kind].ok + phase.byKind[m.kind].failed, 0);
  const byKind = Object.fromEntries(
    MIX.map((m) => {
      const tally = phase.byKind[m.kind];
      const sorted = Float64Array.from(tally.latencies).sort();
      return [
        m.kind,
        {
          request: m.request,
          share: measuredTotal > 0 ? (tally.ok + tally.failed) / measuredTotal : 0,
          requests: tally.ok,
          requestsPerSec: tally.ok / result.duration,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          failed: tally.failed,
        },
      ];
    }),
  ) as Record<MixKind, MixKindResult>;
  const failures: Record<string, number> = {};
  for (const [what, n] of [...warmupPhase.failures, ...phase.failures]) failures[what] = (failures[what] ?? 0) + n;

  return {
    backend,
    connections: MIX_CONNECTIONS,
    durationS: result.duration,
    requests: latencies.length,
    requestsPerSec: latencies.length / result.duration,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    warmupFailures: warmup.result.errors + warmup.result.non2xx,
    byKind,
    failures,
    customers: customers.length,
    signUpS,
    orders: checkOrders(orders, before, after),
    stock: checkStock(orders, before, after),
    carts: checkCarts(mix, before, after),
  };
}

function isSkipped(outcome: MixOutcome): outcome is { backend: Backend; skipped: string } {
  return 'skipped' in outcome;
}

/** Host and port only: a URL may carry a password. */
function serverName(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || '5432'}`;
  } catch {
    return 'an invalid URL';
  }
}

async function runMixed(backend: Backend): Promise<MixOutcome> {
  const label = `[mixed/${backend}]`;
  if (backend === 'postgres' && !POSTGRES_URL) {
    const skipped = 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set';
    console.log(`\n${label} PostgreSQL run skipped: ${skipped}.`);
    return { backend, skipped };
  }
  const database = backend === 'postgres' && POSTGRES_URL ? await createBenchDatabase(POSTGRES_URL) : undefined;
  const dataDir = backend === 'embedded' ? mkdtempSync(path.join(os.tmpdir(), 'bench-data-')) : undefined;
  try {
    process.stdout.write(
      `\n${label} starting server${database ? ` on a new database at ${serverName(database.url)}` : dataDir ? ` on the embedded PostgreSQL in ${dataDir}` : ''}... `,
    );
    const started = performance.now();
    const server = await startServer('mixed', database?.url, dataDir);
    try {
      console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      process.stdout.write(`${label} ${MIX_CONNECTIONS} customers, ${WARMUP_S} s warm-up, ${MIX_DURATION_S} s measured... `);
      const run = await measureMixed(server, backend);
      console.log(`${run.requestsPerSec.toFixed(1)} req/s (customers signed up in ${run.signUpS.toFixed(1)} s)`);
      return run;
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function mixFailures(run: MixRun): number {
  return run.errors + run.non2xx + run.warmupFailures;
}

function mixMatches(run: MixRun): boolean {
  return run.orders.match && run.stock.match && run.carts.match;
}

function printMixed(outcomes: MixOutcome[]): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const verdict = (match: boolean) => (match ? 'ok' : 'MISMATCH');
  console.log(
    `\nMixed shopper load: ${MIX_CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${MIX_DURATION_S} s measured, demo catalogue; ${MIX.map((m) => `${m.weight} % ${m.kind}`).join(', ')}`,
  );
  console.log(
    'Orders: 201 answers + placed by cut-off requests = new orders in the database. Stock: units taken = units in new orders. Both over warm-up and run.',
  );
  const runs = outcomes.filter((o): o is MixRun => !isSkipped(o));
  if (runs.length > 0) {
    printTable(
      ['backend', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'orders: answered + cut off = in db', 'stock: taken = ordered', 'carts'],
      runs.map((o) => [
        o.backend,
        o.requestsPerSec.toFixed(1),
        formatMs(o.p50Ms),
        formatMs(o.p99Ms),
        String(o.errors),
        String(o.non2xx),
        `${n(o.orders.answered201)} + ${n(o.orders.placedUnanswered)} = ${n(o.orders.ordersInDb)} ${verdict(o.orders.match)}`,
        `${n(o.stock.stockTaken)} = ${n(o.stock.ordered)} ${verdict(o.stock.match)}`,
        verdict(o.carts.match),
      ]),
      new Set([1, 2, 3, 4, 5]),
    );
  }
  for (const o of outcomes.filter(isSkipped)) console.log(`${o.backend}: skipped (${o.skipped})`);
  if (runs.length === 0) return;
  console.log('');
  printTable(
    ['backend', 'request', 'share', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
    runs.flatMap((r) =>
      MIX.map((m) => {
        const k = r.byKind[m.kind];
        return [r.backend, k.request, `${(k.share * 100).toFixed(1)} %`, k.requestsPerSec.toFixed(1), formatMs(k.p50Ms), formatMs(k.p99Ms), String(k.failed)];
      }),
    ),
    new Set([2, 3, 4, 5, 6]),
  );
  for (const r of runs) {
    const o = r.orders;
    console.log(
      `${r.backend}: orders ${n(o.requestsSent)} sent, ${n(o.answered201)} answered 201, ${n(o.refused)} refused, ${n(o.replayed)} replayed, ${n(o.unanswered)} cut off; stock asked ${n(r.stock.asked)}, taken ${n(r.stock.stockTaken)}, sold ${n(r.stock.unitsSold)}, in order lines ${n(r.stock.ordered)}, ${r.stock.mismatchedProducts} product(s) off, ${r.stock.negativeStock} below zero; carts of ${r.carts.customers} customers hold ${n(r.carts.inCarts)} units for ${n(r.carts.added)} added + ${n(r.carts.cutOff)} cut off, ${r.carts.mismatched} off.`,
    );
    if (r.warmupFailures > 0) console.log(`${r.backend}: ${r.warmupFailures} failure(s) in the warm-up.`);
    for (const [what, count] of Object.entries(r.failures)) console.log(`  ${r.backend}: ${count} x ${what}`);
  }
}

function failures(run: RunResult): number {
  return run.errors + run.non2xx;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}

function formatMs(ms: number): string {
  return Number.isNaN(ms) ? 'n/a' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2);
}

function printTable(header: string[], rows: string[][], rightAligned: Set<number>): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The `pages` scenario: true when its bound held. */
function runPages(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', PAGES_SCRIPT], { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    // Other work on the machine skews every figure; a load near the core count means a noisy run.
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
  console.log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, Node ${machine.node} (${machine.platform}), load average ${machine.loadAverage1m} at start`,
  );
  console.log(
    `Load: ${CONNECTIONS} connections (${ORDER_CONNECTIONS} for guest orders), ${WARMUP_S} s warm-up + ${DURATION_S} s measured per endpoint; server in a child process on 127.0.0.1`,
  );
  console.log(`Server: in-memory PGlite, catalogue cache ${CATALOGUE_CACHE_MS} ms (CATALOGUE_CACHE_MS${CATALOGUE_CACHE_MS === 0 ? ', off' : ''})`);
  if (SCENARIOS.includes('mixed')) {
    const postgres = !BACKENDS.includes('postgres')
      ? 'not asked for'
      : POSTGRES_URL
        ? `a new database at ${serverName(POSTGRES_URL)}`
        : 'skipped (no BENCH_DATABASE_URL or TEST_DATABASE_URL)';
    console.log(
      `Mixed load: ${MIX_CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${MIX_DURATION_S} s measured, on ${BACKENDS.join(' and ')}; PostgreSQL: ${postgres}`,
    );
  }
  if (machine.cores < 4) console.log(`Note: only ${machine.cores} cores, so autocannon and the server may still contend for CPU.`);

  const runs: RunResult[] = [];
  let warmupFailures = 0;
  let orderCheck: OrderCheck | undefined;
  const mixed: MixOutcome[] = [];
  let pagesFailed = false;
  for (const scenario of SCENARIOS) {
    if (scenario === 'pages') {
      // Server rendering, timed in its own process (scripts/bench-pages.ts prints its figures).
      console.log('\n[pages] server-rendered pages, in-process...');
      pagesFailed = !(await runPages());
      continue;
    }
    if (scenario === 'mixed') {
      for (const backend of BACKENDS) mixed.push(await runMixed(backend));
      continue;
    }
    process.stdout.write(`\n[${scenario}] starting server... `);
    const started = performance.now();
    const server = await startServer(scenario);
    try {
      console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s, /api/getProducts body ${formatBytes(server.bodyBytes)}`);
      await checkEndpoints(server);
      if (scenario === 'orders') {
        process.stdout.write(`[${scenario}] POST ${ORDER_ENDPOINT.path}... `);
        const measured = await measureOrders(server, scenario);
        warmupFailures += measured.warmupFailures;
        runs.push(measured.run);
        orderCheck = measured.check;
        console.log(`${measured.run.requestsPerSec.toFixed(1)} orders/s`);
        continue;
      }
      for (const endpoint of ENDPOINTS) {
        process.stdout.write(`[${scenario}] ${endpoint.path}... `);
        const measured = await measure(server, scenario, endpoint);
        warmupFailures += measured.warmupFailures;
        runs.push(measured.run);
        console.log(`${measured.run.requestsPerSec.toFixed(1)} req/s`);
      }
    } finally {
      await stopServer(server.child);
    }
  }

  const ratios = SCENARIOS.filter((scenario) => scenario !== 'orders' && scenario !== 'mixed' && scenario !== 'pages').map((scenario) => {
    const find = (name: EndpointName) => runs.find((r) => r.scenario === scenario && r.endpoint === name);
    const app = find('getProducts');
    const query = find('getProductsQuery');
    const bare = find('bare');
    return {
      scenario,
      ratio: app && bare ? app.requestsPerSec / bare.requestsPerSec : Number.NaN,
      queryRatio: query && bare ? query.requestsPerSec / bare.requestsPerSec : Number.NaN,
    };
  });

  if (runs.length > 0) console.log('');
  const header = ['scenario', 'request', 'conns', 'body', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'vs bare'];
  const rows = runs.map((r) => {
    const scenarioRatios = ratios.find((x) => x.scenario === r.scenario);
    const ratio = r.endpoint === 'getProductsQuery' ? scenarioRatios?.queryRatio : scenarioRatios?.ratio;
    return [
      r.scenario,
      `${r.method} ${r.path}`,
      String(r.connections),
      `${r.endpoint === ORDER_ENDPOINT.name ? '~' : ''}${formatBytes(r.bodyBytes)}`,
      r.requestsPerSec.toFixed(1),
      formatMs(r.p50Ms),
      formatMs(r.p99Ms),
      `${r.errors}/${r.non2xx}`,
      r.endpoint === 'bare' ? '1.000' : ratio === undefined ? '-' : ratio.toFixed(3),
    ];
  });
  if (runs.length > 0) {
    printTable(header, rows, new Set([2, 3, 4, 5, 6, 7, 8]));
    console.log('');
  }
  for (const { scenario, ratio, queryRatio } of ratios) {
    console.log(`Ratio ${scenario}: getProducts req/s / bare req/s = ${ratio.toFixed(3)} (bare is ${(1 / ratio).toFixed(1)}x faster)`);
    console.log(`Ratio ${scenario}: getProducts?sort=price-asc req/s / bare req/s = ${queryRatio.toFixed(3)} (bare is ${(1 / queryRatio).toFixed(1)}x faster)`);
  }
  // Closed loop: each connection waits for its answer, so a saturated server's steady-state latency
  // is about connections / throughput. Past the run length, only the luckiest requests are timed.
  for (const r of runs.filter((x) => x.connections / x.requestsPerSec > x.durationS)) {
    const steady = r.connections / r.requestsPerSec;
    console.log(
      `Note: ${r.scenario} ${r.method} ${r.path} is saturated: steady-state latency would be ~${r.connections} / ${r.requestsPerSec.toFixed(1)} req/s = ${steady.toFixed(1)} s, longer than the ${r.durationS} s run, so its p50/p99 cover only requests answered within the run.`,
    );
  }
  const orderRun = runs.find((r) => r.endpoint === ORDER_ENDPOINT.name);
  if (orderRun && orderCheck) printOrders(orderRun, orderCheck);
  if (mixed.length > 0) printMixed(mixed);
  const mixRuns = mixed.filter((o): o is MixRun => !isSkipped(o));

  const failed = runs.reduce((sum, r) => sum + failures(r), 0) + warmupFailures + mixRuns.reduce((sum, r) => sum + mixFailures(r), 0);
  const report = {
    date: new Date().toISOString(),
    machine,
    settings: {
      connections: CONNECTIONS,
      orderConnections: ORDER_CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      requestTimeoutS: REQUEST_TIMEOUT_S,
      mixRequestTimeoutS: MIX_REQUEST_TIMEOUT_S,
      catalogueCacheMs: CATALOGUE_CACHE_MS,
      mixConnections: MIX_CONNECTIONS,
      mixDurationS: MIX_DURATION_S,
    },
    runs,
    ratios: Object.fromEntries(ratios.map(({ scenario, ratio }) => [scenario, ratio])),
    // The same for GET /api/getProducts?sort=price-asc (query parameters, cached under their own key).
    queryRatios: Object.fromEntries(ratios.map(({ scenario, queryRatio }) => [scenario, queryRatio])),
    // Warm-up and measured run together; null when the orders scenario did not run.
    orderCheck: orderCheck ?? null,
    // The mixed shopper load, one entry per backend (a skipped one says why); empty when it did not run.
    mixed: {
      weights: Object.fromEntries(MIX.map((m) => [m.kind, { percent: m.weight, request: m.request }])),
      searchTerms: SEARCH_TERMS,
      runs: mixed,
    },
    failedRequests: failed,
  };
  const reportPath = path.join(ROOT, 'reports', 'bench.json');
  mkdirSync(path.dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, reportPath)}`);

  if (failed > 0) {
    console.error(`${failed} request(s) failed (errors, timeouts or non-2xx answers).`);
    process.exitCode = 1;
  }
  if (orderCheck && !orderCheck.match) {
    console.error('The orders in the database do not match the successful answers.');
    process.exitCode = 1;
  }
  for (const run of mixRuns.filter((r) => !mixMatches(r))) {
    console.error(`Mixed load on ${run.backend}: the database does not match the answers (orders, stock or carts).`);
    process.exitCode = 1;
  }
  if (pagesFailed) {
    console.error('Server rendering missed its bound (see [pages] above).');
    process.exitCode = 1;
  }
}

function printOrders(run: RunResult, check: OrderCheck): void {
  const n = (value: number) => value.toLocaleString('en-US');
  console.log(
    `Guest orders at ${run.connections} connections: ${run.requestsPerSec.toFixed(1)} orders/s, p50 ${formatMs(run.p50Ms)} ms, p99 ${formatMs(run.p99Ms)} ms, errors ${run.errors}, non-2xx ${run.non2xx} (measured run).`,
  );
  console.log(
    `Orders (warm-up and measured run): ${n(check.requestsSent)} sent, ${n(check.answered201)} answered 201, ${n(check.refused)} refused, ${n(check.replayed)} replayed, ${n(check.unanswered)} cut off unanswered when a run stopped.`,
  );
  console.log(
    `Orders in the database: ${n(check.ordersInDb)} new = ${n(check.answered201)} answered 201 + ${n(check.placedUnanswered)} placed by cut-off requests: ${check.match ? 'match' : 'MISMATCH'}.`,
  );
  if (check.answeredWithoutOrder > 0) console.log(`  ${n(check.answeredWithoutOrder)} answer(s) 201 with no order in the database.`);
  if (check.refusedWithOrder > 0) console.log(`  ${n(check.refusedWithOrder)} refused request(s) placed an order anyway.`);
  if (check.unknownOrders > 0) console.log(`  ${n(check.unknownOrders)} new order(s) under no key this run sent.`);
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
