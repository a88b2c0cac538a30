/**
 * The `orders` scenario: POST /api/createGuestOrder at 20 connections, every request with its own
 * Idempotency-Key, then the orders in the database checked against the answers (mixed.ts checks
 * its orders the same way).
 */
import { seededRandom } from '@/shared/random';
import {
  type AutocannonRequest,
  DRAIN_TIMEOUT_MS,
  DURATION_S,
  drain,
  formatMs,
  getText,
  load,
  ORDER_CONNECTIONS,
  ORDER_ENDPOINT,
  type RunResult,
  type Scenario,
  type Server,
  toRunResult,
  WARMUP_S,
} from './harness';
import type { BenchState } from './server';

/** What the orders scenario's requests got back in one phase (warm-up or measured run). */
export interface OrderTally {
  placed: number;
  placedBytes: number;
}

/**
 * Builds guest orders of 1-3 lines (1-3 of each product) and follows every one by its
 * Idempotency-Key: unique per request, so no request can be answered with another's order.
 */
export class GuestOrders {
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

export async function benchState(server: Server): Promise<BenchState> {
  return JSON.parse(await getText(`${server.base}/__state`, DRAIN_TIMEOUT_MS)) as BenchState;
}

/** Keys that placed an order between the two states. */
export function newOrderKeys(before: BenchState, after: BenchState): Set<string> {
  const existing = new Set(before.keys);
  return new Set(after.keys.filter((key) => !existing.has(key)));
}

/** The database against the answers, over the warm-up and the measured run together. */
export interface OrderCheck {
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

export function checkOrders(orders: GuestOrders, before: BenchState, after: BenchState): OrderCheck {
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
export async function probeOrder(server: Server, orders: GuestOrders): Promise<void> {
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

export async function measureOrders(server: Server, scenario: Scenario): Promise<{ run: RunResult; warmupFailures: number; check: OrderCheck }> {
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

export function printOrders(run: RunResult, check: OrderCheck): void {
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
