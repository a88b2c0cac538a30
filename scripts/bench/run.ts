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
 * The `pages` scenario (scripts/bench/pages.ts) times server-rendered pages in-process: a cold
 * product page must render in under 20 ms at the median.
 *
 * The `mixed` scenario is a shopper load: 100 connections for 30 s on the demo catalogue (five
 * products' stock raised to 1,000,000), on the embedded server, PGlite and PostgreSQL; `mixed5000` is
 * the same load on PostgreSQL with 5,000 generated products. Each is run BENCH_REPEAT times (default
 * 3) on a fresh server and database, and the median run (by requests a second) is reported, with
 * the machine's load average at each run's start (above 1: marked as a busy machine). Each request is
 * drawn at random with these weights, as a phone now shops: it opens the first page of
 * the shop or a category (the rest comes as the shopper scrolls, and the offline copy syncs by
 * changes, never the whole catalogue), searches on the server, opens products (their data, cacheable
 * for minutes, and their stock, asked each time), puts some in the cart, and a few order (5 % of
 * requests is a high conversion rate, chosen so that writes contend for stock):
 *   35 %  browse      GET /api/products[?category=<slug>][&sort=<sort>] (one page of 24)
 *   15 %  search      GET /api/products?q=<term> (a page of the server's ranked, typo-tolerant search)
 *   25 %  product     GET /api/getSingleProductById/<id> (any product of the catalogue)
 *   10 %  stock       GET /api/stock?ids=<1-4 ids> (a product page's or a cart's stock refresh)
 *   10 %  add to cart POST /api/addToCart, 1-2 of a product in stock, with a bearer token: each
 *                     connection is its own customer, signed up and logged in before the run
 *    5 %  guest order POST /api/createGuestOrder, 1-3 lines, Cash on Delivery, its own Idempotency-Key
 * Today's shares are kept; the product view's 35 % is split into its data (25) and its stock (10).
 * `mixed5000` must reach 500 requests a second with no error, p99 under 1 s and exact database
 * checks: a miss makes the bench exit 1.
 * Every request says `Accept-Encoding: gzip`, like a browser, and times out after 20 s, as the
 * app's HTTP client does (src/client/lib/http.ts): a timeout counts as an error. Afterwards the
 * database is checked against the answers: orders (as in `orders`), stock (for every product, stock
 * taken = units sold = quantities in new order lines = what the placed requests asked for) and carts
 * (each customer's cart holds what their answered adds put in it, plus at most the adds cut off
 * unanswered when a run stopped).
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, names a server where a database of its own
 * is created for the run and dropped afterwards; with neither, that run is skipped (and said so).
 *
 * Each scenario runs in a child process (scripts/bench/server.ts) so autocannon never competes with
 * the server's event loop. BENCH_DURATION sets the seconds measured per endpoint (default 10) and,
 * unless BENCH_MIX_DURATION is set, those of the mixed load (default 30); BENCH_WARMUP the warm-up
 * (default 2), BENCH_REPEAT the runs of each mixed load (default 3); BENCH_SCENARIOS (demo,catalogue5000,orders,mixed,mixed5000,pages) and BENCH_BACKENDS (embedded,pglite,postgres,
 * for `mixed`) choose what runs. Results also go to reports/bench.json. Exits 1 if any request failed
 * (error, timeout or non-2xx) or the database does not add up.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogueRatios, measureEndpoint } from './catalogue';
import {
  BACKENDS,
  CATALOGUE_CACHE_MS,
  CONNECTIONS,
  checkEndpoints,
  DURATION_S,
  ENDPOINTS,
  failures,
  formatBytes,
  formatMs,
  MIX_CONNECTIONS,
  MIX_DURATION_S,
  MIX_REQUEST_TIMEOUT_S,
  ORDER_CONNECTIONS,
  ORDER_ENDPOINT,
  POSTGRES_URL,
  printTable,
  REQUEST_TIMEOUT_S,
  ROOT,
  type RunResult,
  runPages,
  SCENARIOS,
  serverName,
  startServer,
  stopServer,
  WARMUP_S,
} from './harness';
import { isSkipped, MIX, type MixOutcome, type MixRun, runMixed, SEARCH_TERMS } from './mixed';
import { mixed5000Misses, mixFailures, mixMatches, printMixed } from './mixed-report';
import { measureOrders, type OrderCheck, printOrders } from './orders';

async function main(): Promise<void> {
  const machine = describeMachine();
  const outcome = await runScenarios();
  const { runs, warmupFailures, orderCheck, mixed } = outcome;
  const ratios = catalogueRatios(runs);
  printRuns(runs, ratios);
  const orderRun = runs.find((r) => r.endpoint === ORDER_ENDPOINT.name);
  if (orderRun && orderCheck) printOrders(orderRun, orderCheck);
  if (mixed.length > 0) printMixed(mixed);
  const mixRuns = mixed.filter((o): o is MixRun => !isSkipped(o));
  const failed = runs.reduce((sum, r) => sum + failures(r), 0) + warmupFailures + mixRuns.reduce((sum, r) => sum + mixFailures(r), 0);
  writeReport(machine, outcome, ratios, failed);
  setExitCode(failed, outcome, mixRuns);
}

/** The machine and the load, printed first: other work on the machine skews every figure. */
function describeMachine() {
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
  return machine;
}

/** Runs every asked-for scenario in turn, each with a server of its own. */
async function runScenarios() {
  const runs: RunResult[] = [];
  let warmupFailures = 0;
  let orderCheck: OrderCheck | undefined;
  const mixed: MixOutcome[] = [];
  let pagesFailed = false;
  for (const scenario of SCENARIOS) {
    if (scenario === 'pages') {
      // Server rendering, timed in its own process (scripts/bench/pages.ts prints its figures).
      console.log('\n[pages] server-rendered pages, in-process...');
      pagesFailed = !(await runPages());
      continue;
    }
    if (scenario === 'mixed') {
      for (const backend of BACKENDS) mixed.push(await runMixed(backend, 'mixed'));
      continue;
    }
    if (scenario === 'mixed5000') {
      // A shop that has grown runs on PostgreSQL (README, "Running a bigger shop").
      mixed.push(await runMixed('postgres', 'mixed5000'));
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
        const measured = await measureEndpoint(server, scenario, endpoint);
        warmupFailures += measured.warmupFailures;
        runs.push(measured.run);
        console.log(`${measured.run.requestsPerSec.toFixed(1)} req/s`);
      }
    } finally {
      await stopServer(server.child);
    }
  }
  return { runs, warmupFailures, orderCheck, mixed, pagesFailed };
}

/** The table of runs, each scenario's ratio to the bare route, and the saturated runs. */
function printRuns(runs: RunResult[], ratios: ReturnType<typeof catalogueRatios>): void {
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
}

/** reports/bench.json: the machine, the settings and every figure. */
function writeReport(
  machine: ReturnType<typeof describeMachine>,
  outcome: Awaited<ReturnType<typeof runScenarios>>,
  ratios: ReturnType<typeof catalogueRatios>,
  failed: number,
): void {
  const { runs, orderCheck, mixed } = outcome;
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
}

/** A failed request, a mismatch between the database and the answers, or a missed bound fails the run. */
function setExitCode(failed: number, outcome: Awaited<ReturnType<typeof runScenarios>>, mixRuns: MixRun[]): void {
  const { orderCheck, pagesFailed } = outcome;
  if (failed > 0) {
    console.error(`${failed} request(s) failed (errors, timeouts or non-2xx answers).`);
    process.exitCode = 1;
  }
  if (orderCheck && !orderCheck.match) {
    console.error('The orders in the database do not match the successful answers.');
    process.exitCode = 1;
  }
  for (const run of mixRuns.filter((r) => !mixMatches(r))) {
    console.error(`${run.scenario} load on ${run.backend}: the database does not match the answers (orders, stock or carts).`);
    process.exitCode = 1;
  }
  for (const run of mixRuns) {
    const misses = mixed5000Misses(run);
    if (misses.length === 0) continue;
    console.error(`mixed5000 on ${run.backend} missed its target: ${misses.join(', ')}.`);
    process.exitCode = 1;
  }
  if (pagesFailed) {
    console.error('Server rendering missed its bound (see [pages] above).');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
