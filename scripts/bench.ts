/**
 * `npm run bench`: requests/s and p50/p99 latency of `GET /api/getProducts` at 50 connections, on
 * the demo catalogue and on a generated 5,000-product one, next to a bare Hono route answering a
 * constant body of the same size from the same server process. The ratio to the bare route is the
 * figure to report: it cancels out the machine and the cost of moving the bytes.
 *
 * The `orders` scenario measures `POST /api/createGuestOrder` at 20 connections on products with
 * ample stock, every request with its own Idempotency-Key, then checks that the orders in the
 * database are exactly those the answers announced.
 *
 * Each scenario runs in a child process (scripts/bench-server.ts) so autocannon never competes with
 * the server's event loop. BENCH_DURATION sets the seconds measured per endpoint (default 10).
 * Results also go to reports/bench.json. Exits 1 if any request failed or the orders do not add up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../src/server/config';
import { seededRandom } from '../src/shared/random';

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
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  pipelining?: number;
  requests?: AutocannonRequest[];
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
const ALL_SCENARIOS = ['demo', 'catalogue5000', 'orders'] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
// BENCH_SCENARIOS=catalogue5000 (or orders) runs one scenario only, for quicker checks.
const SCENARIOS = ALL_SCENARIOS.filter((s) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(s));
const ENDPOINTS = [
  { name: 'getProducts', path: '/api/getProducts' },
  { name: 'bare', path: '/bare' },
] as const;
const ORDER_ENDPOINT = { name: 'createGuestOrder', path: '/api/createGuestOrder' } as const;
type EndpointName = (typeof ENDPOINTS)[number]['name'] | typeof ORDER_ENDPOINT.name;

const CONNECTIONS = 50;
const ORDER_CONNECTIONS = 20;
const DURATION_S = positiveNumber('BENCH_DURATION', 10);
const WARMUP_S = positiveNumber('BENCH_WARMUP', 2);
// Seeding the demo renders every product image with sharp; a slow machine needs its minute.
const READY_TIMEOUT_MS = 180_000;
// A saturated server queues 50 requests deep: a short timeout would count queueing as failure.
const REQUEST_TIMEOUT_S = 120;
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

interface RunResult {
  scenario: Scenario;
  endpoint: EndpointName;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** The answer's size; for orders the mean of the 201 answers. */
  bodyBytes: number;
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
  throughputMBps: number;
}

// Every child is stopped whatever way this process ends, so no server is left holding a port.
// SIGTERM lets a child delete its temporary uploads folder; a child also stops when its stdin closes.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping.`);
    void Promise.all([...children].map(stopServer)).finally(() => process.exit(130));
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  bodyBytes: number;
  /** The orders scenario's products with ample stock. */
  orderProductIds: string[];
}

async function startServer(scenario: Scenario): Promise<Server> {
  // node --import tsx, not npx tsx: no wrapper process, so the pid we kill is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT, scenario], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
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

function load(
  url: string,
  durationS: number,
  connections = CONNECTIONS,
  requests?: AutocannonRequest[],
): Promise<{ result: AutocannonResult; latencies: Float64Array }> {
  // autocannon's own histogram keeps whole milliseconds; the raw response times keep the fraction.
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    // Pipelining 1 also matters to the orders: an answer's context is then its own request's.
    const options: AutocannonOptions = { url, connections, duration: durationS, timeout: REQUEST_TIMEOUT_S, pipelining: 1, ...(requests ? { requests } : {}) };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ result, latencies: Float64Array.from(latencies).sort() });
    });
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
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
  private next = 0;
  private readonly rand = seededRandom(20_261_123);
  private readonly tag = Date.now().toString(36);
  readonly sent = new Set<string>();
  /** Keys answered 201 with a new order. */
  readonly placed = new Set<string>();
  /** Keys answered 201 flagged Idempotent-Replayed: only a key sent twice could be. */
  readonly replayed = new Set<string>();
  /** Keys answered with anything else. */
  readonly refused = new Set<string>();

  constructor(private readonly productIds: string[]) {
    if (productIds.length === 0) throw new Error('the orders server named no products with ample stock');
  }

  key(label: string | number): string {
    return `bench-${this.tag}-${label}`;
  }

  body(n: number): string {
    const pool = [...this.productIds];
    const lines = Math.min(pool.length, 1 + Math.floor(this.rand() * 3));
    const cart = Array.from({ length: lines }, () => {
      const [productId] = pool.splice(Math.floor(this.rand() * pool.length), 1);
      return { productId, quantity: String(1 + Math.floor(this.rand() * 3)) };
    });
    return JSON.stringify({
      fullName: `Bench Shopper ${n}`,
      email: `shopper${n}@example.com`,
      phone: '0241234567',
      address: `${n} Liberation Road`,
      city: 'Accra',
      paymentMethod: 'Cash on Delivery',
      cart,
    });
  }

  /** autocannon's request list: a fresh body and key each time a connection sends. */
  requests(tally: OrderTally): AutocannonRequest[] {
    return [
      {
        method: 'POST',
        path: ORDER_ENDPOINT.path,
        setupRequest: (request, context) => {
          const n = ++this.next;
          const key = this.key(n);
          context.key = key;
          this.sent.add(key);
          return { ...request, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: this.body(n) };
        },
        onResponse: (status, body, context, headers) => {
          const key = String(context.key);
          const replayed = Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'idempotent-replayed' && String(value) === 'true');
          if (status !== 201) this.refused.add(key);
          else if (replayed || this.placed.has(key)) this.replayed.add(key);
          else {
            this.placed.add(key);
            tally.placed++;
            tally.placedBytes += Buffer.byteLength(body);
          }
        },
      },
    ];
  }
}

interface OrdersInDb {
  orders: number;
  keys: string[];
}

async function ordersInDb(server: Server): Promise<OrdersInDb> {
  return JSON.parse(await getText(`${server.base}/__orders`, DRAIN_TIMEOUT_MS)) as OrdersInDb;
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

function checkOrders(orders: GuestOrders, before: OrdersInDb, after: OrdersInDb): OrderCheck {
  const existing = new Set(before.keys);
  const newKeys = new Set(after.keys.filter((key) => !existing.has(key)));
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
  const before = await ordersInDb(server);
  const warmup = await load(url, WARMUP_S, ORDER_CONNECTIONS, orders.requests({ placed: 0, placedBytes: 0 }));
  await drain(server);
  const tally: OrderTally = { placed: 0, placedBytes: 0 };
  const { result, latencies } = await load(url, DURATION_S, ORDER_CONNECTIONS, orders.requests(tally));
  // Requests cut off when the run stopped are still being placed: the count waits for them.
  await drain(server);
  const check = checkOrders(orders, before, await ordersInDb(server));
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
  if (machine.cores < 4) console.log(`Note: only ${machine.cores} cores, so autocannon and the server may still contend for CPU.`);

  const runs: RunResult[] = [];
  let warmupFailures = 0;
  let orderCheck: OrderCheck | undefined;
  for (const scenario of SCENARIOS) {
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

  const ratios = SCENARIOS.filter((scenario) => scenario !== 'orders').map((scenario) => {
    const find = (name: EndpointName) => runs.find((r) => r.scenario === scenario && r.endpoint === name);
    const app = find('getProducts');
    const bare = find('bare');
    return { scenario, ratio: app && bare ? app.requestsPerSec / bare.requestsPerSec : Number.NaN };
  });

  console.log('');
  const header = ['scenario', 'request', 'conns', 'body', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'vs bare'];
  const rows = runs.map((r) => {
    const ratio = ratios.find((x) => x.scenario === r.scenario)?.ratio;
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
  printTable(header, rows, new Set([2, 3, 4, 5, 6, 7, 8]));
  console.log('');
  for (const { scenario, ratio } of ratios) {
    console.log(`Ratio ${scenario}: getProducts req/s / bare req/s = ${ratio.toFixed(3)} (bare is ${(1 / ratio).toFixed(1)}x faster)`);
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

  const failed = runs.reduce((sum, r) => sum + failures(r), 0) + warmupFailures;
  const report = {
    date: new Date().toISOString(),
    machine,
    settings: {
      connections: CONNECTIONS,
      orderConnections: ORDER_CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      requestTimeoutS: REQUEST_TIMEOUT_S,
      catalogueCacheMs: CATALOGUE_CACHE_MS,
    },
    runs,
    ratios: Object.fromEntries(ratios.map(({ scenario, ratio }) => [scenario, ratio])),
    // Warm-up and measured run together; null when the orders scenario did not run.
    orderCheck: orderCheck ?? null,
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
