import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, promoCodes } from '@/server/db/schema';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { guestOrder, mobileMoneyOrder } from '../helpers/orders';
import { setupPaystackApi } from '../helpers/paystack-api';
import { openFlags, openFlagsOf, orderRow, stockOf } from '../helpers/rows';

/**
 * The edges where a shopper's money and the shop's order could part ways (issue: no paid order ever
 * lost), against the local fake of Paystack's documented API over real HTTP. The provider is asked
 * at most once per 10 s per payment here, as in production.
 */
const { api, fake } = setupPaystackApi({ secret: 'sk_test_edges', timeoutMs: 2_000, config: { paymentCheckIntervalMs: 10_000 } });

const MINUTE = 60_000;
const HOLD_MS = 30 * MINUTE;

const initialize = (headers: Record<string, string>, orderId: string) => api.json('POST', '/api/initializePayment', { headers, body: { orderId } });
const verify = (reference: string, headers: Record<string, string>) => api.json('GET', `/api/verifyPayment/${encodeURIComponent(reference)}`, { headers });
const webhook = (rawBody: string) =>
  api.json('POST', '/api/paystack/webhook', { rawBody, headers: { 'content-type': 'application/json', 'x-paystack-signature': fake.sign(rawBody) } });
const verifyCalls = (reference: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`);
const paymentRow = async (reference: string) => (await api.db.select().from(payments).where(eq(payments.reference, reference)))[0];

/** A guest's Mobile Money order (₵45.50 × quantity from a stock of 10) with its payment started. */
async function startedPayment(quantity = 1) {
  const product = await api.createProduct({ stock: 10, price: 45.5 });
  const placed = await mobileMoneyOrder(api, product.id, quantity);
  const { status, body } = await initialize(placed.headers, placed.order._id);
  expect(status).toBe(200);
  return { ...placed, product, totalPesewas: Math.round(placed.order.total * 100), reference: body.reference as string };
}

/** Lets the 10 s limit pass so the next check really asks Paystack. */
const nextCheck = () => api.clock.advance(10_000);

describe('asking again before giving up', () => {
  it('a reference first reported failed that ends in success pays the order at the next check', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.decline(reference);
    expect((await verify(reference, headers)).body.status).toBe('failed');

    // The shopper retries on Paystack's page for the same transaction, and it goes through.
    fake.approve(reference);
    nextCheck();
    const { body } = await verify(reference, headers);
    expect(body).toMatchObject({ status: 'success', paymentStatus: 'Paid', orderStatus: 'Pending' });
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: reference });
  });

  it('checking the newest attempt also asks about an earlier declined one, which may have been paid', async () => {
    const { order, headers, reference: first } = await startedPayment();
    fake.decline(first);
    expect((await verify(first, headers)).body.status).toBe('failed');
    const retry = await initialize(headers, order._id);
    expect(retry.body.reference).not.toBe(first);

    fake.approve(first);
    nextCheck();
    const { body } = await verify(retry.body.reference, headers);
    expect(body).toMatchObject({ status: 'success', paymentStatus: 'Paid' });
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: first });
    expect(verifyCalls(first)).toHaveLength(2);
  });

  it('the hold expiry asks about every attempt before cancelling: a declined one paid on retry keeps the order', async () => {
    const { order, headers, reference: first, product } = await startedPayment(2);
    fake.decline(first);
    expect((await verify(first, headers)).body.status).toBe('failed');
    const retry = await initialize(headers, order._id);
    fake.approve(first);

    api.clock.advance(HOLD_MS + MINUTE);
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 0, paid: 1 });
    expect(await orderRow(api, order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Paid' });
    expect(verifyCalls(retry.body.reference)).toHaveLength(1);
    expect(await stockOf(api, product.id)).toBe(8);
  });

  it('a webhook about any attempt makes the shop ask about every open attempt of that order', async () => {
    const { order, headers, reference: first } = await startedPayment();
    fake.decline(first);
    await verify(first, headers);
    const retry = await initialize(headers, order._id);
    fake.approve(first);

    // Paystack tells us about the second attempt (say, still pending); the first is asked about too.
    expect((await webhook(fake.webhookBody(retry.body.reference))).status).toBe(200);
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: first });
  });
});

describe('paid only after verify', () => {
  it('a signed charge.success whose transaction Paystack verifies as not paid changes nothing', async () => {
    const { order, reference } = await startedPayment();
    // The body claims success; Paystack's own answer says the shopper never approved.
    expect((await webhook(fake.webhookBody(reference, { status: 'success' }))).status).toBe(200);
    expect(verifyCalls(reference)).toHaveLength(1);
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Pending' });
    expect((await paymentRow(reference))?.status).toBe('pending');
  });
});

describe('amounts', () => {
  it('pays when Paystack charged more than requested (fees passed to the shopper), the requested amount being the total', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas + 89, fees: 89 });
    expect((await verify(reference, headers)).body).toMatchObject({ status: 'success', paymentStatus: 'Paid' });
    expect(await openFlags(api, order._id)).toEqual([]);
  });

  it('stays unpaid and flags "amount mismatch" with both figures when requested_amount is not the total', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    const transaction = fake.initialized.find((t) => t.reference === reference);
    if (!transaction) throw new Error('no transaction');
    transaction.amount = totalPesewas - 1000;
    fake.approve(reference, { amount: totalPesewas });

    expect((await verify(reference, headers)).body).toMatchObject({ status: 'failed', paymentStatus: 'Pending' });
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    const admin = await api.createUser({ role: 'admin' });
    const { body } = await api.json('GET', `/api/getOrderById/${order._id}`, { token: admin.token });
    const flag = body.order.flags.find((f: { kind: string }) => f.kind === 'amount_mismatch');
    expect(flag.reason).toContain(`Order total ${totalPesewas} pesewas`);
    expect(flag.reason).toContain(`requested ${totalPesewas - 1000} pesewas`);
  });

  it('stays unpaid when less than requested was charged', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas - 1 });
    expect((await verify(reference, headers)).body.status).toBe('failed');
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
  });
});

describe('a payment start cut off by a crash', () => {
  it('blocks a second start only while it is young; by its age alone it stops blocking', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, product.id);
    // What a process that died between writing its mark and hearing from Paystack leaves behind.
    await api.db
      .insert(payments)
      .values({ reference: `${order.orderNumber}-deadbeef0000`, orderId: order._id, provider: 'paystack', amountPesewas: 4550, createdAt: api.clock.now });

    const young = await initialize(headers, order._id);
    expect(young.status).toBe(409);
    api.clock.advance(api.payments.startStaleMs + 1);
    const later = await initialize(headers, order._id);
    expect(later.status).toBe(200);
    expect((await paymentRow(`${order.orderNumber}-deadbeef0000`))?.status).toBe('abandoned');
  });
});

describe('polling that cannot hammer Paystack', () => {
  it('asks Paystack about one payment at most once per 10 s however often the shopper checks', async () => {
    const { headers, reference } = await startedPayment();
    for (let i = 0; i < 6; i++) {
      expect((await verify(reference, headers)).body.status).toBe('pending');
      api.clock.advance(1_000);
    }
    expect(verifyCalls(reference)).toHaveLength(1);
    api.clock.advance(5_000);
    await verify(reference, headers);
    expect(verifyCalls(reference)).toHaveLength(2);
    // The time of the last question is kept in the database, where every process sees it.
    expect((await paymentRow(reference))?.lastCheckedAt).toEqual(api.clock.now);
  });

  it('the hold-expiry run gives each Paystack call its own limit and does not stall on one that never answers', async () => {
    const { order, product } = await startedPayment(3);
    api.clock.advance(HOLD_MS + MINUTE);
    fake.hang(1);
    const started = performance.now();
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 1, paid: 0 });
    const ms = performance.now() - started;
    const limit = api.payments.expiryCallTimeoutMs;
    console.log(`[payment edges] expiry with a hanging Paystack finished in ${Math.round(ms)} ms (per-call limit ${limit} ms)`);
    expect(ms).toBeLessThan(limit + 1_500);
    expect(await orderRow(api, order._id)).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'expired' });
    expect(await stockOf(api, product.id)).toBe(10);
  }, 15_000);
});

describe('starting a payment extends the hold', () => {
  it('to at least 10 minutes from now, never past 60 minutes after the order was placed', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, product.id);
    const placedAt = api.clock.now.getTime();
    const holdOf = async () => (await orderRow(api, order._id))?.holdExpiresAt?.getTime();
    expect(await holdOf()).toBe(placedAt + 30 * MINUTE);

    api.clock.advance(25 * MINUTE);
    expect((await initialize(headers, order._id)).status).toBe(200);
    expect(await holdOf()).toBe(placedAt + 35 * MINUTE);

    // Tapping Pay again (the same payment handed back) keeps extending, up to the ceiling.
    for (const at of [33, 42, 51, 58]) {
      api.clock.now = new Date(placedAt + at * MINUTE);
      expect((await initialize(headers, order._id)).status).toBe(200);
    }
    expect(await holdOf()).toBe(placedAt + 60 * MINUTE);
    api.clock.now = new Date(placedAt + 60 * MINUTE + 1);
    expect((await initialize(headers, order._id)).body.message).toBe(PAGE_MESSAGES.orderNotPayable);
  });

  it('an order whose total is ₵0 (a full discount) is confirmed at once with no charge', async () => {
    await api.db.insert(promoCodes).values({ code: 'FREE100', percent: 100 });
    const product = await api.createProduct({ stock: 10 });
    const { status, body } = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { paymentMethod: 'Mobile Money', promoCode: 'FREE100' });
    expect(status).toBe(201);
    expect(body.order).toMatchObject({ total: 0, paymentStatus: 'Paid', holdExpiresAt: null, orderStatus: 'Pending' });
    expect(body.message).toBe(PAGE_MESSAGES.orderPlaced);
    const again = await initialize({ 'X-Order-Token': body.orderToken ?? '' }, body.order._id);
    expect(again.status).toBe(409);
    expect(fake.requests).toEqual([]);
  });
});

describe('refunds and disputes', () => {
  async function paidOrder(quantity = 2) {
    const started = await startedPayment(quantity);
    fake.approve(started.reference);
    expect((await verify(started.reference, started.headers)).body.paymentStatus).toBe('Paid');
    const admin = await api.createUser({ role: 'admin' });
    return { ...started, admin };
  }

  it('an admin refunds part of a paid order through POST /refund, in pesewas; stock stays unless asked', async () => {
    const { order, admin, reference, product, headers } = await paidOrder(2);
    const { status, body } = await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 20 } });
    expect(status).toBe(200);
    expect(body.message).toBe(SERVER_MESSAGES.refundStarted);
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]?.body).toEqual({ transaction: reference, amount: 2000 });
    expect(body.order.refunds).toEqual([expect.objectContaining({ amount: 20, status: 'pending', returnedToStock: false })]);
    expect(await stockOf(api, product.id)).toBe(8);

    // Paystack's webhook says it went through (its refund events carry no refund id).
    expect((await webhook(fake.refundWebhookBody(fake.refunds[0]!.id, 'refund.processed'))).status).toBe(200);
    // The shopper sees the refund on their order.
    const shopper = await api.json('GET', `/api/getOrderById/${order._id}`, { headers });
    expect(shopper.body.order.refunds).toEqual([expect.objectContaining({ amount: 20, status: 'processed' })]);
    const dashboard = await api.json('GET', '/api/getDashboardStats', { token: admin.token });
    // Revenue counts paid orders less refunds: ₵91.00 − ₵20.00.
    expect(dashboard.body.totalSales).toBe(71);
  });

  it('refuses more than what is left to refund with 409, and a refund of an unpaid order', async () => {
    const { order, admin } = await paidOrder(1);
    expect((await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 40 } })).status).toBe(200);
    const tooMuch = await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 10 } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(SERVER_MESSAGES.refundTooLarge('₵5.50'));
    expect(fake.refunds).toHaveLength(1);

    const unpaid = await startedPayment();
    const refused = await api.json('POST', `/api/refundOrder/${unpaid.order._id}`, { token: admin.token, body: { amount: 1 } });
    expect(refused).toMatchObject({ status: 409, body: { message: SERVER_MESSAGES.refundNotPossible } });
    const customer = await api.createUser();
    expect((await api.json('POST', `/api/refundOrder/${order._id}`, { token: customer.token, body: { amount: 1 } })).status).toBe(403);
  });

  it('returns the items to stock once when ticked, and a later cancel does not return them again', async () => {
    const { order, admin, product } = await paidOrder(2);
    const { body } = await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 91, returnToStock: true } });
    expect(body.order.refunds[0]).toMatchObject({ amount: 91, returnedToStock: true });
    expect(await stockOf(api, product.id)).toBe(10);
    await api.json('PATCH', `/api/updateOrderStatusById/${order._id}`, { token: admin.token, body: { orderStatus: 'Cancelled' } });
    expect(await stockOf(api, product.id)).toBe(10);
  });

  it('a refund Paystack cannot start is a 502 that reserves nothing', async () => {
    const { order, admin } = await paidOrder(1);
    fake.fail(1);
    const failed = await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 45.5 } });
    expect(failed).toMatchObject({ status: 502, body: { message: SERVER_MESSAGES.refundFailed } });
    expect((await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 45.5 } })).status).toBe(200);
  });

  it('records refund.failed and flags "refund failed"', async () => {
    const { order, admin } = await paidOrder(1);
    await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 45.5 } });
    expect((await webhook(fake.refundWebhookBody(fake.refunds[0]!.id, 'refund.failed'))).status).toBe(200);
    const { body } = await api.json('GET', `/api/getOrderById/${order._id}`, { token: admin.token });
    expect(body.order.refunds).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(openFlagsOf(body.order)).toEqual(['refund_failed']);
  });

  it('records a dispute opened and resolved, flagging "dispute opened" once', async () => {
    const { order, admin, reference } = await paidOrder(1);
    expect((await webhook(fake.disputeWebhookBody(reference, 'charge.dispute.create'))).status).toBe(200);
    expect((await webhook(fake.disputeWebhookBody(reference, 'charge.dispute.remind'))).status).toBe(200);
    let answer = await api.json('GET', `/api/getOrderById/${order._id}`, { token: admin.token });
    expect(answer.body.order.disputes).toEqual([expect.objectContaining({ status: 'open', amount: 45.5 })]);
    expect(openFlagsOf(answer.body.order)).toEqual(['dispute_opened']);

    expect((await webhook(fake.disputeWebhookBody(reference, 'charge.dispute.resolve', { resolution: 'declined' }))).status).toBe(200);
    answer = await api.json('GET', `/api/getOrderById/${order._id}`, { token: admin.token });
    expect(answer.body.order.disputes).toEqual([expect.objectContaining({ status: 'resolved', resolution: 'declined' })]);
    // The payment status keeps the spec's Pending | Paid.
    expect(answer.body.order.paymentStatus).toBe('Paid');
  });
});

describe('admin flags', () => {
  it('are listed with the orders filter, cleared by an admin with a note, and never shown to shoppers', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.approve(reference, { amount: 1 });
    await verify(reference, headers);
    const admin = await api.createUser({ role: 'admin' });
    const other = await startedPayment();

    const flagged = await api.json('GET', '/api/getAllOrders?flag=any', { token: admin.token });
    expect(flagged.body.orders.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await api.json('GET', '/api/getAllOrders?flag=amount_mismatch', { token: admin.token })).body.orders).toHaveLength(1);
    expect((await api.json('GET', '/api/getAllOrders?flag=paid_twice', { token: admin.token })).body.orders).toHaveLength(0);
    expect((await api.json('GET', '/api/getAllOrders?flag=nonsense', { token: admin.token })).status).toBe(400);
    const all = await api.json('GET', '/api/getAllOrders', { token: admin.token });
    expect(all.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual([order._id, other.order._id].sort());

    const shopper = await api.json('GET', `/api/getOrderById/${order._id}`, { headers });
    expect(shopper.body.order.flags).toBeUndefined();
    expect(JSON.stringify(shopper.body)).not.toContain('mismatch');

    const flag = flagged.body.orders[0].flags[0];
    expect((await api.json('POST', `/api/clearOrderFlag/${flag._id}`, { token: admin.token, body: { note: ' ' } })).status).toBe(400);
    const customer = await api.createUser();
    expect((await api.json('POST', `/api/clearOrderFlag/${flag._id}`, { token: customer.token, body: { note: 'x' } })).status).toBe(403);
    const cleared = await api.json('POST', `/api/clearOrderFlag/${flag._id}`, { token: admin.token, body: { note: 'Called Paystack: refunded the ₵0.01.' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.order.flags[0]).toMatchObject({
      kind: 'amount_mismatch',
      clearNote: 'Called Paystack: refunded the ₵0.01.',
      clearedAt: api.clock.now.toISOString(),
    });
    expect((await api.json('POST', `/api/clearOrderFlag/${flag._id}`, { token: admin.token, body: { note: 'again' } })).status).toBe(409);
    expect((await api.json('GET', '/api/getAllOrders?flag=any', { token: admin.token })).body.orders).toEqual([]);
  });
});
