/**
 * What every `npm run bench` scenario shares: the settings read from the environment, the server
 * child (scripts/bench/server.ts) and its databases, the autocannon load and its figures, and the
 * table and number formats of the printout. The scenarios are catalogue.ts, orders.ts, mixed.ts and
 * pages.ts; run.ts runs them and writes the report.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseEnv } from '@/server/config';

/** The part of autocannon's API used here; the package ships no types. */
export interface AutocannonRequest {
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
export interface AutocannonClient {
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

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./server.ts', import.meta.url));
const PAGES_SCRIPT = fileURLToPath(new URL('./pages.ts', import.meta.url));
const ALL_SCENARIOS = ['demo', 'catalogue5000', 'orders', 'mixed', 'mixed5000', 'pages'] as const;
export type Scenario = (typeof ALL_SCENARIOS)[number];
// BENCH_SCENARIOS=catalogue5000 (or orders, mixed) runs one scenario only, for quicker checks.
export const SCENARIOS = ALL_SCENARIOS.filter((s) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(s));
// embedded: the default engine (the shop's own PostgreSQL in a fresh DATA_DIR, every commit synced).
const ALL_BACKENDS = ['embedded', 'pglite', 'postgres'] as const;
export type Backend = (typeof ALL_BACKENDS)[number];
// BENCH_BACKENDS=embedded (or pglite, postgres) runs the mixed load on one backend only.
export const BACKENDS = ALL_BACKENDS.filter((b) => !process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(b));
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
export const ENDPOINTS = [
  { name: 'getProducts', path: '/api/getProducts' },
  // The same products in another order (the same bytes as the bare route), cached under its own key.
  { name: 'getProductsQuery', path: '/api/getProducts?sort=price-asc' },
  { name: 'bare', path: '/bare' },
] as const;
export const ORDER_ENDPOINT = { name: 'createGuestOrder', path: '/api/createGuestOrder' } as const;
export type EndpointName = (typeof ENDPOINTS)[number]['name'] | typeof ORDER_ENDPOINT.name;

export const CONNECTIONS = 50;
export const ORDER_CONNECTIONS = 20;
export const MIX_CONNECTIONS = 100;
export const DURATION_S = positiveNumber('BENCH_DURATION', 10);
export const MIX_DURATION_S = positiveNumber('BENCH_MIX_DURATION', process.env.BENCH_DURATION ? DURATION_S : 30);
export const WARMUP_S = positiveNumber('BENCH_WARMUP', 2);
/** Runs of each mixed load; the figure reported is the median run (by requests a second). */
export const MIX_REPEAT = positiveNumber('BENCH_REPEAT', 3);
/** A 1-minute load average above this at a run's start marks its figures as taken on a busy machine. */
export const BUSY_LOAD = 1;
// Seeding the demo renders every product image with sharp; a slow machine needs its minute.
const READY_TIMEOUT_MS = 180_000;
// A saturated server queues 50 requests deep: a short timeout would count queueing as failure.
export const REQUEST_TIMEOUT_S = 120;
// The mixed load waits as long as the app's own HTTP client does (src/client/lib/http.ts) before a
// shopper's phone gives up: a slower answer is a timeout, so an error.
export const MIX_REQUEST_TIMEOUT_S = 20;
export const DRAIN_TIMEOUT_MS = 120_000;
// The child reads the same variable the same way; shown so a figure is never read without it.
export const CATALOGUE_CACHE_MS = parseEnv({ CATALOGUE_CACHE_MS: process.env.CATALOGUE_CACHE_MS }).CATALOGUE_CACHE_MS;

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
export interface LoadFigures {
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

export interface RunResult extends LoadFigures {
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
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
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

export interface Server {
  child: ChildProcess;
  base: string;
  bodyBytes: number;
  /** The orders scenario's products with ample stock. */
  orderProductIds: string[];
}

/** The server's database: that PostgreSQL database, the embedded server in a fresh folder, or (neither) an in-memory PGlite. */
export async function startServer(scenario: Scenario, databaseUrl?: string, dataDir?: string): Promise<Server> {
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

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** One request to each endpoint: both must answer 200 with exactly the announced number of bytes. */
export async function checkEndpoints(server: Server): Promise<void> {
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
export function getText(url: string, timeoutMs: number): Promise<string> {
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
export async function drain(server: Server): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if ((await getText(`${server.base}/__inflight`, deadline - Date.now())).trim() === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was still busy ${DRAIN_TIMEOUT_MS / 1000} s after a run`);
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: the smallest sample with at least p% of samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** A load's figures (every scenario's): `requests` is what counts as done; `latencies` sorted. */
export function loadFigures(requests: number, result: AutocannonResult, latencies: Float64Array) {
  return {
    durationS: result.duration,
    requests,
    requestsPerSec: requests / result.duration,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One measured run's figures; `requests` is what counts as done (2xx answers, or orders placed). */
export function toRunResult(
  what: Pick<RunResult, 'scenario' | 'endpoint' | 'method' | 'path' | 'connections' | 'bodyBytes'>,
  requests: number,
  result: AutocannonResult,
  latencies: Float64Array,
): RunResult {
  return { ...what, ...loadFigures(requests, result, latencies), throughputMBps: result.throughput.average / 1e6 };
}

export interface LoadOptions {
  connections?: number;
  /** Seconds before a request counts as timed out (and as an error). */
  timeoutS?: number;
  requests?: AutocannonRequest[];
  setupClient?: (client: AutocannonClient) => void;
  /** Every answer's status and response time, right after the request's own `onResponse`. */
  onAnswer?: (statusCode: number, ms: number) => void;
}

export function load(
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

export function failures(run: RunResult): number {
  return run.errors + run.non2xx;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}

export function formatMs(ms: number): string {
  return Number.isNaN(ms) ? 'n/a' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2);
}

export function printTable(header: string[], rows: string[][], rightAligned: Set<number>): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Host and port only: a URL may carry a password. */
export function serverName(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || '5432'}`;
  } catch {
    return 'an invalid URL';
  }
}

/** The `pages` scenario: true when its bound held. */
export function runPages(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', PAGES_SCRIPT], { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code === 0));
  });
}
