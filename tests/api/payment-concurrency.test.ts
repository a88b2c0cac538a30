import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { orderFlags, orderItems, orders, payments, products } from '@/server/db/schema';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { setupTestApi, type TestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { checkoutForm, guestOrder } from '../helpers/orders';

/**
 * Runs once, in api:postgres (excluded from api:embedded in vitest.config.ts: the same engine, and
 * the run is long). A paid Mobile Money order is raced, many rounds at once, by everything that
 * may touch it: the shopper's check, the shopper's cancel, an admin's cancel, the hold-expiry run,
 * the shopper approving on the sandbox page, and another shopper buying the stock it gives back.
 * Every path locks the order row, then its payments, then products in id order, so none may deadlock
 * or fail; money that lands on a cancelled order is recorded Paid and flagged; stock adds up.
 */

const ROUNDS = 240;
const BATCH = 10;
const HOLD_MS = 30 * 60_000;
const HOT_STOCK = 100_000;
/** More connections than the suite's usual 5, so the races really run side by side in PostgreSQL. */
const POOL = 12;

/** A database of its own on the TEST_DATABASE_URL server with a larger pool, dropped afterwards. */
async function widePoolDatabase(): Promise<Database> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: POOL });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

type Racer = 'verify' | 'shopperCancel' | 'adminCancel' | 'expiry' | 'otherShopper';
const RACERS: Racer[] = ['verify', 'shopperCancel', 'adminCancel', 'expiry', 'otherShopper'];
/** The statuses each racer may answer; anything else (a 5xx above all) fails the test. */
const EXPECTED: Record<Exclude<Racer, 'expiry'> | 'pageApprove', number[]> = {
  verify: [200],
  shopperCancel: [200, 409],
  adminCancel: [200],
  otherShopper: [201, 409],
  pageApprove: [303],
};

/**
 * When the shopper approves on the phone: before the race (the provider says success, nothing has
 * settled it), on the sandbox page inside the race, or on the page after the round's expiry run (a
 * payment that lands after the hold ran out).
 */
type Approval = 'before' | 'inRace' | 'afterExpiry';
const APPROVALS: Approval[] = ['before', 'inRace', 'afterExpiry'];

interface Round {
  index: number;
  racers: Racer[];
  approval: Approval;
  quantity: number;
  productId: string;
  initialStock: number;
  orderId: string;
  reference: string;
  headers: Record<string, string>;
}

/** Every combination of racers comes up (the empty one becomes a lone check), with each time of approving. */
function planRound(index: number): Pick<Round, 'index' | 'racers' | 'approval' | 'quantity'> {
  const mask = index % 32;
  let racers = RACERS.filter((_, bit) => mask & (1 << bit));
  if (racers.length === 0) racers = ['verify'];
  return { index, racers, approval: APPROVALS[Math.floor(index / 32) % APPROVALS.length] as Approval, quantity: 1 + (index % 3) };
}

describe('racing a Mobile Money payment (PostgreSQL)', () => {
  const api = setupTestApi({}, { openDatabase: widePoolDatabase });

  it(`never deadlocks, fails, loses money or miscounts stock over ${ROUNDS} rounds`, async () => {
    const started = performance.now();
    const admin = await api.createUser({ role: 'admin' });
    const hot = await api.createProduct({ name: 'Shea Butter (every order)', stock: HOT_STOCK, price: 10 });
    const answers: { what: string; round: number; status: number; body: unknown }[] = [];
    const note = (what: string, round: number, status: number, body: unknown) => answers.push({ what, round, status, body });

    /** A request whose status and body are kept for the checks at the end. */
    const call = async (what: string, round: number, method: string, url: string, options: Parameters<TestApi['request']>[2] = {}) => {
      const res = await api.request(method, url, options);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      note(what, round, res.status, body);
      return { status: res.status, body: body as any };
    };

    async function prepare(plan: ReturnType<typeof planRound>): Promise<Round> {
      // With another shopper in the race, the round's product has exactly the order's stock: what a
      // cancel gives back can be bought at once, and a late payment then cannot take it again.
      const initialStock = plan.racers.includes('otherShopper') ? plan.quantity : plan.quantity + 2;
      const product = await api.createProduct({ name: `Black Soap ${plan.index}`, stock: initialStock, price: 12.5 });
      const placed = await guestOrder(
        api,
        [
          { productId: product.id, quantity: plan.quantity },
          { productId: hot.id, quantity: 1 },
        ],
        { paymentMethod: 'Mobile Money', form: { email: `shopper${plan.index}@example.com` } },
      );
      note('placeOrder', plan.index, placed.status, placed.body);
      if (placed.status !== 201 || !placed.body.orderToken) throw new Error(`round ${plan.index}: order ${placed.status} ${JSON.stringify(placed.body)}`);
      const headers = { 'X-Order-Token': placed.body.orderToken };
      const orderId = placed.body.order._id;
      const payment = await call('initializePayment', plan.index, 'POST', '/api/initializePayment', { headers, body: { orderId } });
      if (payment.status !== 200) throw new Error(`round ${plan.index}: payment start ${payment.status} ${JSON.stringify(payment.body)}`);
      const reference: string = payment.body.reference;
      // Approved before the race: the provider says success, but nothing here has settled it yet.
      if (plan.approval === 'before') await api.db.update(payments).set({ sandboxOutcome: 'success' }).where(eq(payments.reference, reference));
      return { ...plan, productId: product.id, initialStock, orderId, reference, headers };
    }

    /**
     * The round's racers, all started in the same moment; each waits a few milliseconds first (0 to
     * 35, varied by round and racer) so that every order of arrival comes up across the rounds.
     */
    function race(round: Round, now: Date): Promise<unknown>[] {
      const { index, orderId, reference, headers } = round;
      const runs: (() => Promise<unknown>)[] = [];
      const approve = () =>
        call('pageApprove', index, 'POST', `/pay/sandbox/${reference}`, {
          rawBody: 'outcome=success',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const buyTheStock = () =>
        call('otherShopper', index, 'POST', '/api/createGuestOrder', {
          body: { ...checkoutForm, email: `other${index}@example.com`, cart: [{ productId: round.productId, quantity: String(round.quantity) }] },
        });
      // A payment landing after the hold: the approval, and another shopper buying what the expiry gave back, race each other.
      const afterExpiry = round.approval === 'afterExpiry' && round.racers.includes('expiry');
      const lateRacers = () => Promise.all([approve(), ...(round.racers.includes('otherShopper') ? [buyTheStock()] : [])]);
      if (round.approval === 'inRace') runs.push(approve);
      if (round.approval === 'afterExpiry' && !afterExpiry) runs.push(() => new Promise((resolve) => setTimeout(resolve, 50)).then(approve));
      for (const racer of round.racers) {
        if (racer === 'verify') runs.push(() => call(racer, index, 'GET', `/api/verifyPayment/${reference}`, { headers }));
        if (racer === 'shopperCancel') runs.push(() => call(racer, index, 'POST', `/api/cancelOrder/${orderId}`, { headers }));
        if (racer === 'adminCancel') {
          runs.push(() => call(racer, index, 'PATCH', `/api/updateOrderStatusById/${orderId}`, { token: admin.token, body: { orderStatus: 'Cancelled' } }));
        }
        if (racer === 'expiry') runs.push(() => runOrderExpiry(api.payments, now).then(() => (afterExpiry ? lateRacers() : undefined)));
        if (racer === 'otherShopper' && !afterExpiry) runs.push(buyTheStock);
      }
      return runs.map((run, k) => {
        const delay = ((index * 31 + k * 17) % 8) * 5;
        return delay === 0 ? run() : new Promise((resolve) => setTimeout(resolve, delay)).then(run);
      });
    }

    const rounds: Round[] = [];
    for (let first = 0; first < ROUNDS; first += BATCH) {
      const plans = Array.from({ length: Math.min(BATCH, ROUNDS - first) }, (_, i) => planRound(first + i));
      const batch = await Promise.all(plans.map(prepare));
      rounds.push(...batch);
      // Every hold of this batch has run out when the race starts (earlier batches' leftovers too).
      api.clock.advance(HOLD_MS + 60_000);
      const now = api.clock.now;
      await Promise.all(batch.flatMap((round) => race(round, now)));
    }

    // Afterwards the shopper (or Paystack's webhook) checks each payment once more: money the
    // provider took must now be on its order, whatever the race did.
    await Promise.all(rounds.map((round) => call('finalCheck', round.index, 'GET', `/api/verifyPayment/${round.reference}`, { headers: round.headers })));
    const ms = Math.round(performance.now() - started);

    // No answer is a server error; each racer answers what it may.
    const unexpected = answers.filter(({ what, status }) => {
      if (status >= 500) return true;
      const allowed = what in EXPECTED ? EXPECTED[what as keyof typeof EXPECTED] : what === 'placeOrder' ? [201] : [200];
      return !allowed.includes(status);
    });
    expect(unexpected.map(({ what, round, status, body }) => `round ${round} ${what}: ${status} ${JSON.stringify(body)}`)).toEqual([]);
    expect(api.logs.filter((line) => /deadlock/i.test(line))).toEqual([]);
    // Nor any error or warning (a mismatched amount, an order paid twice, a failed run).
    expect(api.logs.filter((line) => /"level":"(error|warn)"/.test(line))).toEqual([]);

    const orderIds = rounds.map((round) => round.orderId);
    const orderRows = new Map((await api.db.select().from(orders).where(inArray(orders.id, orderIds))).map((row) => [row.id, row]));
    const paymentRows = await api.db.select().from(payments);
    const flagRows = await api.db.select().from(orderFlags);
    const openFlagsOf = (orderId: string) =>
      flagRows
        .filter((flag) => flag.orderId === orderId && flag.clearedAt === null)
        .map((flag) => flag.kind)
        .sort();
    const MONEY_BACK = ['paid_after_cancellation', 'paid_after_expiry', 'refund_due'];

    const outcomes = new Map<string, number>();
    const problems: string[] = [];
    for (const round of rounds) {
      const order = orderRows.get(round.orderId);
      const where = `round ${round.index} (approved ${round.approval}; ${round.racers.join(', ')})`;
      if (!order) {
        problems.push(`${where}: order missing`);
        continue;
      }
      const flags = openFlagsOf(order.id);
      const own = paymentRows.filter((p) => p.orderId === order.id);
      const state = `${order.orderStatus}/${order.paymentStatus} cancelReason=${order.cancelReason} stockHeld=${order.stockHeld} flags=[${flags}] payments=[${own.map((p) => `${p.status}:${p.sandboxOutcome}`)}]`;
      const moneyBack = flags.filter((kind) => MONEY_BACK.includes(kind));
      const outcome = `${order.orderStatus}/${order.paymentStatus}${order.cancelReason ? ` (${order.cancelReason})` : ''}${moneyBack.length ? ` ${moneyBack.join('+')}` : ''}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

      // Money on a cancelled order is always flagged for a person to give back.
      if (order.paymentStatus === 'Paid' && order.orderStatus === 'Cancelled' && moneyBack.length === 0)
        problems.push(`${where}: paid and cancelled without a flag: ${state}`);
      // The provider took the money: after a check it is on the order (never lost by a race).
      if (own.some((p) => p.sandboxOutcome === 'success') && order.paymentStatus !== 'Paid') problems.push(`${where}: approved but not paid: ${state}`);
      // Only a cancelled order has money to give back.
      if (order.orderStatus !== 'Cancelled' && moneyBack.length > 0) problems.push(`${where}: a standing order flagged for money back: ${state}`);
      // The stock is out exactly while the order stands.
      if (order.stockHeld !== (order.orderStatus !== 'Cancelled')) problems.push(`${where}: stock_held disagrees with the status: ${state}`);
      if ((order.orderStatus === 'Cancelled') !== (order.cancelReason !== null && order.cancelledAt !== null))
        problems.push(`${where}: cancel fields: ${state}`);
      if (order.orderStatus !== 'Cancelled' && order.holdExpiresAt !== null && order.paymentStatus === 'Paid')
        problems.push(`${where}: paid but still held: ${state}`);

      // Payment rows agree with the order.
      if (order.paymentStatus === 'Paid') {
        const paidBy = own.find((p) => p.reference === order.paymentReference);
        const matches =
          paidBy?.status === 'success' && paidBy.amountPesewas === order.totalPesewas && paidBy.sandboxOutcome === 'success' && order.paidAt !== null;
        if (!matches) {
          problems.push(`${where}: the paying payment does not match: ${state} reference=${order.paymentReference}`);
        }
        if (own.filter((p) => p.status === 'success').length > 1 && !flags.includes('paid_twice'))
          problems.push(`${where}: two successes without a flag: ${state}`);
        if (own.some((p) => p.status === 'pending')) problems.push(`${where}: a paid order with a payment still open: ${state}`);
        if (!flags.includes('test_payment')) problems.push(`${where}: a sandbox payment without the test flag: ${state}`);
      } else if (own.some((p) => p.status === 'success')) {
        problems.push(`${where}: a successful payment on an unpaid order: ${state}`);
      }
      if (order.orderStatus === 'Cancelled' && own.some((p) => p.status === 'pending'))
        problems.push(`${where}: a cancelled order with a payment still open: ${state}`);
    }
    expect(problems).toEqual([]);

    // Stock adds up exactly: what each product started with is on the shelf or in an order holding it.
    const itemRows = await api.db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, stockHeld: orders.stockHeld })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId));
    const initial = new Map(rounds.map((round) => [round.productId, round.initialStock]));
    initial.set(hot.id, HOT_STOCK);
    const stockProblems: string[] = [];
    for (const product of await api.db.select().from(products)) {
      const held = itemRows.filter((item) => item.productId === product.id && item.stockHeld).reduce((sum, item) => sum + item.quantity, 0);
      if (product.stock + held !== initial.get(product.id))
        stockProblems.push(`${product.name}: on the shelf ${product.stock} + held ${held} ≠ ${initial.get(product.id)}`);
      if (product.unitsSold !== held) stockProblems.push(`${product.name}: units sold ${product.unitsSold} ≠ held ${held}`);
    }
    expect(stockProblems).toEqual([]);

    const statusCounts = new Map<string, number>();
    for (const { what, status } of answers) statusCounts.set(`${what} ${status}`, (statusCounts.get(`${what} ${status}`) ?? 0) + 1);
    const restored = api.logs.filter((line) => line.includes('order restored by a late payment')).length;
    console.log(
      `[payment-concurrency] rounds ${rounds.length} in batches of ${BATCH} (pool ${POOL}), ${ms} ms; ` +
        `outcomes ${[...outcomes].map(([k, n]) => `${k}×${n}`).join(', ')}; restored by a late payment ${restored}; ` +
        `answers ${[...statusCounts].map(([k, n]) => `${k}×${n}`).join(', ')}`,
    );
    // The races really reached the endings that matter (refund_due needs a check to beat a cancel: too rare to require).
    expect([...outcomes.keys()].some((k) => k.includes('paid_after_cancellation'))).toBe(true);
    expect(restored + [...outcomes].filter(([k]) => k.includes('(expired)')).reduce((n, [, count]) => n + count, 0)).toBeGreaterThan(0);
  }, 120_000);
});
