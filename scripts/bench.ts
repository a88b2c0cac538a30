/**
 * `npm run bench`: requests/s and p50/p99 latency of `GET /api/getProducts` at 50 connections, on
 * the demo catalogue and on a generated 5,000-product one, next to a bare Hono route answering a
 * constant body of the same size from the same server process. The ratio to the bare route is the
 * figure to report: it cancels out the machine and the cost of moving the bytes.
 *
 * Each scenario runs in a child process (scripts/bench-server.ts) so autocannon never competes with
 * the server's event loop. BENCH_DURATION sets the seconds measured per endpoint (default 10).
 * Results also go to reports/bench.json. Exits 1 if any request failed.
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

/** The part of autocannon's API used here; the package ships no types. */
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  pipelining?: number;
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
const ALL_SCENARIOS = ['demo', 'catalogue5000'] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
// BENCH_SCENARIOS=catalogue5000 runs one scenario only, for quicker checks.
const SCENARIOS = ALL_SCENARIOS.filter((s) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(s));
const ENDPOINTS = [
  { name: 'getProducts', path: '/api/getProducts' },
  { name: 'bare', path: '/bare' },
] as const;
type EndpointName = (typeof ENDPOINTS)[number]['name'];

const CONNECTIONS = 50;
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
  path: string;
  bodyBytes: number;
  durationS: number;
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
  try {
    const ready = await new Promise<{ port: number; bodyBytes: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the ${scenario} server was not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the ${scenario} server exited before it was ready (${signal ?? `code ${code}`})`));
      });
      lines.on('line', (line) => {
        const match = /^READY (\d+) (\d+)$/.exec(line.trim());
        if (!match) return;
        clearTimeout(timer);
        resolve({ port: Number(match[1]), bodyBytes: Number(match[2]) });
      });
    });
    return { child, base: `http://127.0.0.1:${ready.port}`, bodyBytes: ready.bodyBytes };
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

function load(url: string, durationS: number): Promise<{ result: AutocannonResult; latencies: Float64Array }> {
  // autocannon's own histogram keeps whole milliseconds; the raw response times keep the fraction.
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: durationS, timeout: REQUEST_TIMEOUT_S, pipelining: 1 }, (error, result) => {
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
  const requests = latencies.length;
  const run: RunResult = {
    scenario,
    endpoint: endpoint.name,
    path: endpoint.path,
    bodyBytes: server.bodyBytes,
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
  return { run, warmupFailures: warmup.result.errors + warmup.result.non2xx };
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
  console.log(`Load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured per endpoint; server in a child process on 127.0.0.1`);
  console.log(`Server: in-memory PGlite, catalogue cache ${CATALOGUE_CACHE_MS} ms (CATALOGUE_CACHE_MS${CATALOGUE_CACHE_MS === 0 ? ', off' : ''})`);
  if (machine.cores < 4) console.log(`Note: only ${machine.cores} cores, so autocannon and the server may still contend for CPU.`);

  const runs: RunResult[] = [];
  let warmupFailures = 0;
  for (const scenario of SCENARIOS) {
    process.stdout.write(`\n[${scenario}] starting server... `);
    const started = performance.now();
    const server = await startServer(scenario);
    try {
      console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s, /api/getProducts body ${formatBytes(server.bodyBytes)}`);
      await checkEndpoints(server);
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

  const ratios = SCENARIOS.map((scenario) => {
    const find = (name: EndpointName) => runs.find((r) => r.scenario === scenario && r.endpoint === name);
    const app = find('getProducts');
    const bare = find('bare');
    return { scenario, ratio: app && bare ? app.requestsPerSec / bare.requestsPerSec : Number.NaN };
  });

  console.log('');
  const header = ['scenario', 'endpoint', 'body', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'vs bare'];
  const rows = runs.map((r) => {
    const ratio = ratios.find((x) => x.scenario === r.scenario)?.ratio ?? Number.NaN;
    return [
      r.scenario,
      `GET ${r.path}`,
      formatBytes(r.bodyBytes),
      r.requestsPerSec.toFixed(1),
      formatMs(r.p50Ms),
      formatMs(r.p99Ms),
      `${r.errors}/${r.non2xx}`,
      r.endpoint === 'bare' ? '1.000' : ratio.toFixed(3),
    ];
  });
  printTable(header, rows, new Set([2, 3, 4, 5, 6, 7]));
  console.log('');
  for (const { scenario, ratio } of ratios) {
    console.log(`Ratio ${scenario}: getProducts req/s / bare req/s = ${ratio.toFixed(3)} (bare is ${(1 / ratio).toFixed(1)}x faster)`);
  }
  // Closed loop: each connection waits for its answer, so a saturated server's steady-state latency
  // is about connections / throughput. Past the run length, only the luckiest requests are timed.
  for (const r of runs.filter((x) => CONNECTIONS / x.requestsPerSec > x.durationS)) {
    const steady = CONNECTIONS / r.requestsPerSec;
    console.log(
      `Note: ${r.scenario} GET ${r.path} is saturated: steady-state latency would be ~${CONNECTIONS} / ${r.requestsPerSec.toFixed(1)} req/s = ${steady.toFixed(1)} s, longer than the ${r.durationS} s run, so its p50/p99 cover only requests answered within the run.`,
    );
  }

  const failed = runs.reduce((sum, r) => sum + failures(r), 0) + warmupFailures;
  const report = {
    date: new Date().toISOString(),
    machine,
    settings: { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, requestTimeoutS: REQUEST_TIMEOUT_S, catalogueCacheMs: CATALOGUE_CACHE_MS },
    runs,
    ratios: Object.fromEntries(ratios.map(({ scenario, ratio }) => [scenario, ratio])),
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
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
