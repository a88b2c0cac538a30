import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products } from '@/server/db/schema';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { type RequestOptions, setupTestApi } from '../helpers/api';
import { checkoutForm, guestOrder, mobileMoneyOrder } from '../helpers/orders';
import { openFlags } from '../helpers/rows';

/** The default app: no PAYSTACK_SECRET_KEY, so Mobile Money goes through the sandbox provider. */
const api = setupTestApi();

const MISSING_ID = '6f1c2b1e-0000-4000-8000-000000000000';

type Auth = Pick<RequestOptions, 'headers' | 'token'>;

function initialize(auth: Auth, body: Record<string, unknown>) {
  return api.json('POST', '/api/initializePayment', { ...auth, body });
}

function verify(reference: string, auth: Auth = {}) {
  return api.json('GET', `/api/verifyPayment/${encodeURIComponent(reference)}`, auth);
}

/** What the shopper's tap on Approve or Decline on the sandbox page sends. */
function sandboxChoose(reference: string, outcome: 'success' | 'failed') {
  return api.request('POST', `/pay/sandbox/${encodeURIComponent(reference)}`, {
    rawBody: new URLSearchParams({ outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function orderRow(id: string) {
  const [row] = await api.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

const paymentRows = (orderId: string) => api.db.select().from(payments).where(eq(payments.orderId, orderId));

async function stockOf(productId: string) {
  const [row] = await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

/** A guest's Mobile Money order with its payment started: the reference and the token headers. */
async function startedPayment(quantity = 1, price = 45.5) {
  const product = await api.createProduct({ stock: 10, price });
  const placed = await mobileMoneyOrder(api, product.id, quantity);
  const { status, body } = await initialize({ headers: placed.headers }, { orderId: placed.order._id });
  expect(status).toBe(200);
  return { ...placed, product, reference: body.reference as string };
}

/** A signed-in customer's Mobile Money order, placed from the server cart. */
async function customerOrder(token: string, productId: string, quantity = 1) {
  const added = await api.json('POST', '/api/addToCart', { token, body: { productId, quantity } });
  expect(added.status).toBe(200);
  const { status, body } = await api.json('POST', '/api/createOrder', { token, body: { ...checkoutForm, paymentMethod: 'Mobile Money' } });
  expect(status).toBe(201);
  return body.order as { _id: string; total: number };
}

describe('POST /api/initializePayment', () => {
  it("gives a guest holding the order token a link to the sandbox payment page for the order's reference", async () => {
    const product = await api.createProduct({ stock: 10, price: 45.5 });
    const { order, headers } = await mobileMoneyOrder(api, product.id, 2);

    const { status, body, res } = await initialize({ headers }, { orderId: order._id });
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ payment_link: `/pay/sandbox/${body.reference}`, reference: expect.any(String), message: SERVER_MESSAGES.paymentLinkReady });
    expect(body.reference.startsWith(`${order.orderNumber}-`)).toBe(true);

    const rows = await paymentRows(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reference: body.reference, provider: 'sandbox', status: 'pending', amountPesewas: 9100, currency: 'GHS' });
    expect((await orderRow(order._id)).paymentReference).toBe(body.reference);
  });

  it('answers the same pending reference and link when Pay is tapped again', async () => {
    const { order, headers, reference } = await startedPayment();

    const again = await initialize({ headers }, { orderId: order._id });
    expect(again.status).toBe(200);
    expect(again.body.reference).toBe(reference);
    expect(again.body.payment_link).toBe(`/pay/sandbox/${reference}`);
    expect(await paymentRows(order._id)).toHaveLength(1);
  });

  it('taps on Pay at the same moment start one payment: every answer that succeeds carries its reference', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, product.id);

    const answers = await Promise.all([0, 1, 2].map(() => initialize({ headers }, { orderId: order._id })));
    const rows = await paymentRows(order._id);
    expect(rows).toHaveLength(1);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of ok) expect(answer.body.reference).toBe(rows[0]!.reference);
    // The others are asked to try again, never given a second charge.
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(409);
    expect((await initialize({ headers }, { orderId: order._id })).body.reference).toBe(rows[0]!.reference);
  });

  it("charges the order's own total: the email and total the client sends are ignored", async () => {
    const product = await api.createProduct({ stock: 10, price: 20.5 });
    const { status: placed, body: answer } = await guestOrder(api, [{ productId: product.id, quantity: 2 }], {
      paymentMethod: 'Mobile Money',
      promoCode: 'save10',
    });
    expect(placed).toBe(201);
    expect(answer.order.total).toBe(36.9);

    const { status, body } = await initialize(
      { headers: { 'X-Order-Token': answer.orderToken! } },
      { orderId: answer.order._id, total: 0.01, email: 'someone-else@example.com' },
    );
    expect(status).toBe(200);
    const [payment] = await paymentRows(answer.order._id);
    expect(payment).toMatchObject({ reference: body.reference, amountPesewas: 3690 });

    // The payment page shows what will be charged.
    const page = await api.request('GET', body.payment_link);
    expect(await page.text()).toContain('₵36.90');
  });

  it('refuses a Cash on Delivery order with 409', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { body: placed } = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { paymentMethod: 'Cash on Delivery' });

    const { status, body } = await initialize({ headers: { 'X-Order-Token': placed.orderToken! } }, { orderId: placed.order._id });
    expect(status).toBe(409);
    expect(body).toEqual({ message: SERVER_MESSAGES.orderNotMobileMoney });
    expect(await paymentRows(placed.order._id)).toEqual([]);
  });

  it('refuses an order that is already paid with 409', async () => {
    const { order, headers, reference } = await startedPayment();
    expect((await sandboxChoose(reference, 'success')).status).toBe(303);

    const { status, body } = await initialize({ headers }, { orderId: order._id });
    expect(status).toBe(409);
    expect(body.message).toEqual(expect.any(String));
    expect(await paymentRows(order._id)).toHaveLength(1);
  });

  it('refuses an order the shopper cancelled with 409', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, product.id);
    expect((await api.json('POST', `/api/cancelOrder/${order._id}`, { headers })).status).toBe(200);

    const { status, body } = await initialize({ headers }, { orderId: order._id });
    expect(status).toBe(409);
    expect(body).toEqual({ message: PAGE_MESSAGES.orderNotPayable });
    expect(await paymentRows(order._id)).toEqual([]);
  });

  it('answers 404 without the order token, with a wrong one, or to another customer, exactly like a missing order', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order } = await mobileMoneyOrder(api, product.id);
    const other = await mobileMoneyOrder(api, product.id);
    const stranger = await api.createUser();
    const notFound = { message: PAGE_MESSAGES.orderNotFound };

    const missing = await initialize({}, { orderId: MISSING_ID });
    expect(missing).toMatchObject({ status: 404, body: notFound });
    for (const auth of [{}, { headers: { 'X-Order-Token': 'x'.repeat(43) } }, { headers: other.headers }, { token: stranger.token }]) {
      const { status, body } = await initialize(auth, { orderId: order._id });
      expect(status).toBe(404);
      expect(body).toEqual(notFound);
    }
    expect(await paymentRows(order._id)).toEqual([]);
  });

  it("lets a customer pay their own order with the bearer token, and nobody else's", async () => {
    const product = await api.createProduct({ stock: 10, price: 12 });
    const owner = await api.createUser();
    const other = await api.createUser();
    const admin = await api.createUser({ role: 'admin' });
    const order = await customerOrder(owner.token, product.id, 3);

    for (const token of [other.token, admin.token]) {
      const refused = await initialize({ token }, { orderId: order._id });
      expect(refused.status).toBe(404);
    }

    const { status, body } = await initialize({ token: owner.token }, { orderId: order._id });
    expect(status).toBe(200);
    expect(body.payment_link).toBe(`/pay/sandbox/${body.reference}`);
    expect(await paymentRows(order._id)).toEqual([expect.objectContaining({ reference: body.reference, amountPesewas: 3600 })]);
  });

  it('answers 400 without an orderId, and 401 for a bad bearer token', async () => {
    const missing = await initialize({}, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(expect.any(String));

    const badJson = await api.json('POST', '/api/initializePayment', { rawBody: '{"orderId":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);

    const product = await api.createProduct({ stock: 10 });
    const { order } = await mobileMoneyOrder(api, product.id);
    const badToken = await initialize({ token: 'not-a-real-session-token-at-all' }, { orderId: order._id });
    expect(badToken.status).toBe(401);
  });
});

describe('GET /api/verifyPayment/:reference', () => {
  it('answers pending while the shopper has not approved yet, and changes nothing', async () => {
    const { order, headers, reference } = await startedPayment();

    const { status, body, res } = await verify(reference, { headers });
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ status: 'pending', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRows(order._id))[0]?.status).toBe('pending');
  });

  it('after Approve on the sandbox page answers success and the order is Paid, its hold released', async () => {
    const { order, headers, reference, product } = await startedPayment(2, 45.5);
    expect(await stockOf(product.id)).toBe(8);

    const page = await api.request('GET', `/pay/sandbox/${reference}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST PAYMENT');
    expect(html).toContain('₵91.00');
    expect(html).toContain(order.orderNumber);
    expect(html).toContain('Approve');
    expect(html).toContain('Decline');

    const approved = await sandboxChoose(reference, 'success');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/checkout?trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`);

    api.clock.advance(60_000);
    const { status, body } = await verify(reference, { headers });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });

    const row = await orderRow(order._id);
    expect(row).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Paid', paymentReference: reference, holdExpiresAt: null });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect((await paymentRows(order._id))[0]).toMatchObject({ status: 'success', sandboxOutcome: 'success' });
    // Paying does not take the stock a second time.
    expect(await stockOf(product.id)).toBe(8);

    // The page now says it is done and offers no buttons.
    const after = await (await api.request('GET', `/pay/sandbox/${reference}`)).text();
    expect(after).toContain('already approved');
    expect(after).not.toContain('Decline');
  });

  it('repeated verifies keep one Paid order with its first paidAt', async () => {
    const { order, headers, reference } = await startedPayment();
    await sandboxChoose(reference, 'success');
    const paidAt = (await orderRow(order._id)).paidAt;
    expect(paidAt).toBeInstanceOf(Date);

    for (let i = 0; i < 3; i++) {
      api.clock.advance(5 * 60_000);
      const { status, body } = await verify(reference, { headers });
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    }
    const row = await orderRow(order._id);
    expect(row.paymentStatus).toBe('Paid');
    expect(row.paidAt).toEqual(paidAt);
    expect(await openFlags(api, order._id)).toEqual(['test_payment']);
    expect(await paymentRows(order._id)).toHaveLength(1);
  });

  it('a second Approve on the same page changes nothing', async () => {
    const { order, reference } = await startedPayment();
    await sandboxChoose(reference, 'success');
    const before = await orderRow(order._id);
    api.clock.advance(60_000);

    expect((await sandboxChoose(reference, 'failed')).status).toBe(303);
    expect((await sandboxChoose(reference, 'success')).status).toBe(303);
    const after = await orderRow(order._id);
    expect(after).toMatchObject({ paymentStatus: 'Paid', paidAt: before.paidAt });
    expect((await paymentRows(order._id))[0]).toMatchObject({ status: 'success', sandboxOutcome: 'success' });
  });

  it('after Decline answers failed; the order stays Pending and unpaid, still holding its stock', async () => {
    const { order, headers, reference, product } = await startedPayment(3);

    const declined = await sandboxChoose(reference, 'failed');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`/checkout?trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`);

    const { status, body } = await verify(reference, { headers });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'failed', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRows(order._id))[0]).toMatchObject({ status: 'failed', sandboxOutcome: 'failed' });
    expect(await stockOf(product.id)).toBe(7);
  });

  it('after a Decline, Pay again starts a new reference instead of reusing the failed one', async () => {
    const { order, headers, reference } = await startedPayment();
    await sandboxChoose(reference, 'failed');

    const retry = await initialize({ headers }, { orderId: order._id });
    expect(retry.status).toBe(200);
    expect(retry.body.reference).not.toBe(reference);
    expect(retry.body.payment_link).toBe(`/pay/sandbox/${retry.body.reference}`);
    expect((await orderRow(order._id)).paymentReference).toBe(retry.body.reference);

    // The new attempt can be paid; the old one stays failed.
    await sandboxChoose(retry.body.reference, 'success');
    expect((await verify(retry.body.reference, { headers })).body).toEqual({
      status: 'success',
      orderId: order._id,
      paymentStatus: 'Paid',
      orderStatus: 'Pending',
    });
    // Once the order is paid, any of its references answers success: the shopper's question is answered.
    expect((await verify(reference, { headers })).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    expect((await paymentRows(order._id)).find((p) => p.reference === reference)).toMatchObject({ status: 'failed' });
    const rows = await paymentRows(order._id);
    expect(Object.fromEntries(rows.map((r) => [r.reference, r.status]))).toEqual({ [reference]: 'failed', [retry.body.reference]: 'success' });
    expect(await openFlags(api, order._id)).toEqual(['test_payment']);
  });

  it('answers 404 for an unknown or malformed reference', async () => {
    const { headers } = await startedPayment();
    for (const reference of ['NK-ABCDEF-000000000000', 'no', 'x'.repeat(101)]) {
      const { status, body } = await verify(reference, { headers });
      expect(status).toBe(404);
      expect(body).toEqual({ message: PAGE_MESSAGES.paymentNotFound });
    }
  });

  it("answers someone else's reference with the same 404 as a missing one, and does not settle it", async () => {
    const { order, reference } = await startedPayment();
    const other = await startedPayment();
    const stranger = await api.createUser();
    // The sandbox's side says approved but nobody has settled it yet: a verify that got through would mark it Paid.
    await api.db.update(payments).set({ sandboxOutcome: 'success' }).where(eq(payments.reference, reference));

    for (const auth of [{}, { headers: other.headers }, { token: stranger.token }, { headers: { 'X-Order-Token': 'y'.repeat(43) } }]) {
      const { status, body } = await verify(reference, auth);
      expect(status).toBe(404);
      expect(body).toEqual({ message: PAGE_MESSAGES.paymentNotFound });
    }
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRows(order._id))[0]?.status).toBe('pending');
  });

  it('lets an admin verify any payment', async () => {
    const { order, reference } = await startedPayment();
    const admin = await api.createUser({ role: 'admin' });

    expect((await verify(reference, { token: admin.token })).body).toEqual({
      status: 'pending',
      orderId: order._id,
      paymentStatus: 'Pending',
      orderStatus: 'Pending',
    });
    await sandboxChoose(reference, 'success');
    expect((await verify(reference, { token: admin.token })).body).toEqual({
      status: 'success',
      orderId: order._id,
      paymentStatus: 'Paid',
      orderStatus: 'Pending',
    });
  });

  it('lets a customer verify their own payment with the bearer token', async () => {
    const product = await api.createProduct({ stock: 10 });
    const owner = await api.createUser();
    const order = await customerOrder(owner.token, product.id);
    const { body } = await initialize({ token: owner.token }, { orderId: order._id });

    await sandboxChoose(body.reference, 'success');
    expect((await verify(body.reference, { token: owner.token })).body).toEqual({
      status: 'success',
      orderId: order._id,
      paymentStatus: 'Paid',
      orderStatus: 'Pending',
    });
  });
});

describe('POST /api/paystack/webhook (sandbox mode)', () => {
  it('answers 401: without a Paystack secret no signature can be valid', async () => {
    const { order, reference } = await startedPayment();
    const body = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: 4550, currency: 'GHS' } });

    for (const signature of [undefined, 'a'.repeat(128)]) {
      const { status, body: answer } = await api.json('POST', '/api/paystack/webhook', {
        rawBody: body,
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      });
      expect(status).toBe(401);
      expect(answer).toEqual({ message: SERVER_MESSAGES.invalidSignature });
    }
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRows(order._id))[0]?.status).toBe('pending');
  });
});

describe('/pay/sandbox/:reference', () => {
  it('is an HTML page that no cache keeps', async () => {
    const { reference } = await startedPayment();
    const res = await api.request('GET', `/pay/sandbox/${reference}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`action="/pay/sandbox/${reference}"`);
    expect(html).not.toContain('<script');
  });

  it('answers 404 (HTML) for an unknown reference, on GET and POST', async () => {
    const get = await api.request('GET', '/pay/sandbox/NK-ZZZZZZ-000000000000');
    expect(get.status).toBe(404);
    expect(get.headers.get('content-type')).toMatch(/^text\/html/);
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect((await sandboxChoose('NK-ZZZZZZ-000000000000', 'success')).status).toBe(404);
    expect(await api.db.select().from(payments)).toEqual([]);
  });

  it('treats anything but outcome=success as a decline', async () => {
    const { order, headers, reference } = await startedPayment();
    const res = await api.request('POST', `/pay/sandbox/${reference}`, {
      rawBody: 'outcome=SUCCESS',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect((await verify(reference, { headers })).body.status).toBe('failed');
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');
  });
});
