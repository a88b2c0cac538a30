/**
 * The `mixed` scenario: a shopper load of browsing, searching, product pages, adds to cart and guest
 * orders on each backend, then the database checked against the answers (orders, stock, carts).
 * run.ts's header gives the weights and why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { seededRandom } from '@/shared/random';
import {
  type AutocannonClient,
  type AutocannonRequest,
  type Backend,
  BUSY_LOAD,
  createBenchDatabase,
  DRAIN_TIMEOUT_MS,
  drain,
  formatMs,
  getText,
  type LoadFigures,
  type LoadOptions,
  load,
  loadFigures,
  MIX_CONNECTIONS,
  MIX_DURATION_S,
  MIX_REPEAT,
  MIX_REQUEST_TIMEOUT_S,
  ORDER_ENDPOINT,
  POSTGRES_URL,
  percentile,
  type Server,
  serverName,
  startServer,
  stopServer,
  WARMUP_S,
} from './harness';
import { benchState, checkOrders, GuestOrders, newOrderKeys, type OrderCheck, type OrderTally, probeOrder } from './orders';
import type { BenchState } from './server';

type MixKind = 'browse' | 'search' | 'product' | 'stock' | 'addToCart' | 'guestOrder';
/**
 * Weights in percent, as a phone now shops (run.ts's header comment says why): today's shares, with
 * the product view split into its data (cacheable for minutes) and its stock (asked each time).
 */
export const MIX: readonly { kind: MixKind; weight: number; request: string }[] = [
  { kind: 'browse', weight: 35, request: 'GET /api/products[?category][&sort]' },
  { kind: 'search', weight: 15, request: 'GET /api/products?q=' },
  { kind: 'product', weight: 25, request: 'GET /api/getSingleProductById/:id' },
  { kind: 'stock', weight: 10, request: 'GET /api/stock?ids=' },
  { kind: 'addToCart', weight: 10, request: 'POST /api/addToCart' },
  { kind: 'guestOrder', weight: 5, request: 'POST /api/createGuestOrder' },
];
/** What a browse asks for: the shop's first page, or a category's, in the default order or a chosen sort. */
const BROWSE_CATEGORIES = ['', ...SHOP_CATEGORIES.map((c) => c.slug)];
const BROWSE_SORTS = ['', '', 'popularity', 'price-asc', 'price-desc', 'rating'];
const MIX_TOTAL_WEIGHT = MIX.reduce((sum, m) => sum + m.weight, 0);
// What shoppers type: words of both catalogues, a misspelling, and one neither has.
export const SEARCH_TERMS = ['shea', 'black soap', 'oil', 'chebe', 'coconut', 'moringa', 'lip balm', 'gift', 'lemongrass', 'baobab', 'sunscreen', 'body buter'];
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
      case 'browse': {
        const query = new URLSearchParams();
        const category = this.pick(BROWSE_CATEGORIES);
        const sort = this.pick(BROWSE_SORTS);
        if (category) query.set('category', category);
        if (sort) query.set('sort', sort);
        const search = query.toString();
        return get(`/api/products${search ? `?${search}` : ''}`);
      }
      case 'search':
        return get(`/api/products?q=${encodeURIComponent(this.pick(SEARCH_TERMS))}`);
      case 'product':
        return get(`/api/getSingleProductById/${this.pick(this.productIds)}`);
      case 'stock': {
        // A product page asks for its product; a cart page for its lines (up to four here).
        const ids = new Set(Array.from({ length: 1 + Math.floor(this.rand() * 4) }, () => this.pick(this.productIds)));
        return get(`/api/stock?ids=${[...ids].join(',')}`);
      }
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

export type MixScenario = 'mixed' | 'mixed5000';

export interface MixRun extends LoadFigures {
  backend: Backend;
  scenario: MixScenario;
  /** The 1-minute load average when this run started; above BUSY_LOAD the figures are marked. */
  loadAverage: number;
  /** Every repeat's requests a second, in the order run (this run is their median). */
  repeats: { requestsPerSec: number; p99Ms: number; loadAverage: number }[];
  /** Failures and database mismatches of the other repeats (each must be 0 too). */
  otherRepeatsFailed: number;
  otherRepeatsMismatched: number;
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

export type MixOutcome = MixRun | { backend: Backend; scenario: MixScenario; skipped: string };

async function measureMixed(server: Server, backend: Backend, scenario: MixScenario, loadAverage: number): Promise<MixRun> {
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
    scenario,
    loadAverage,
    repeats: [],
    otherRepeatsFailed: 0,
    otherRepeatsMismatched: 0,
    connections: MIX_CONNECTIONS,
    ...loadFigures(latencies.length, result, latencies),
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

export function isSkipped(outcome: MixOutcome): outcome is { backend: Backend; scenario: MixScenario; skipped: string } {
  return 'skipped' in outcome;
}

const loadNow = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
const busyMark = (loadAverage: number) => (loadAverage > BUSY_LOAD ? ` [load ${loadAverage} > ${BUSY_LOAD}: busy machine]` : ` [load ${loadAverage}]`);

/** One run on a fresh server and database, so every repeat starts from the same shop. */
async function runOnce(backend: Backend, scenario: MixScenario, label: string): Promise<MixRun> {
  const database = backend === 'postgres' && POSTGRES_URL ? await createBenchDatabase(POSTGRES_URL) : undefined;
  const dataDir = backend === 'embedded' ? mkdtempSync(path.join(os.tmpdir(), 'bench-data-')) : undefined;
  try {
    process.stdout.write(
      `${label} starting server${database ? ` on a new database at ${serverName(database.url)}` : dataDir ? ` on the embedded PostgreSQL in ${dataDir}` : ''}... `,
    );
    const started = performance.now();
    const server = await startServer(scenario, database?.url, dataDir);
    try {
      console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const loadAverage = loadNow();
      process.stdout.write(`${label} ${MIX_CONNECTIONS} customers, ${WARMUP_S} s warm-up, ${MIX_DURATION_S} s measured${busyMark(loadAverage)}... `);
      const run = await measureMixed(server, backend, scenario, loadAverage);
      console.log(`${run.requestsPerSec.toFixed(1)} req/s, p99 ${formatMs(run.p99Ms)} ms (customers signed up in ${run.signUpS.toFixed(1)} s)`);
      return run;
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** MIX_REPEAT runs; the median by requests a second stands for them, every run's checks must hold. */
export async function runMixed(backend: Backend, scenario: MixScenario = 'mixed'): Promise<MixOutcome> {
  const label = `[${scenario}/${backend}]`;
  if (backend === 'postgres' && !POSTGRES_URL) {
    const skipped = 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set';
    console.log(`\n${label} PostgreSQL run skipped: ${skipped}.`);
    return { backend, scenario, skipped };
  }
  console.log('');
  const runs: MixRun[] = [];
  for (let i = 1; i <= MIX_REPEAT; i++) runs.push(await runOnce(backend, scenario, `${label} run ${i}/${MIX_REPEAT}:`));
  const byRate = [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  const median = byRate[Math.floor((byRate.length - 1) / 2)] as MixRun;
  const others = runs.filter((r) => r !== median);
  return {
    ...median,
    repeats: runs.map((r) => ({ requestsPerSec: r.requestsPerSec, p99Ms: r.p99Ms, loadAverage: r.loadAverage })),
    otherRepeatsFailed: others.reduce((sum, r) => sum + r.errors + r.non2xx + r.warmupFailures, 0),
    otherRepeatsMismatched: others.filter((r) => !(r.orders.match && r.stock.match && r.carts.match)).length,
  };
}
