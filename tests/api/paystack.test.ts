import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products } from '@/server/db/schema';
import { paystackProvider } from '@/server/payments/paystack';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { checkoutForm, guestOrder, mobileMoneyOrder } from '../helpers/orders';
import { setupPaystackApi } from '../helpers/paystack-api';
import { openFlags } from '../helpers/rows';

/** The app with the real Paystack client, talking HTTP to a local fake Paystack. */
const SECRET = 'sk_test_xxx';
const { api, fake } = setupPaystackApi({ secret: SECRET, timeoutMs: 5_000 });

const HOLD_MS = 30 * 60_000;

function initialize(headers: Record<string, string>, orderId: string) {
  return api.json('POST', '/api/initializePayment', { headers, body: { orderId } });
}

function verify(reference: string, headers: Record<string, string>) {
  return api.json('GET', `/api/verifyPayment/${encodeURIComponent(reference)}`, { headers });
}

function webhook(rawBody: string, signature?: string) {
  return api.json('POST', '/api/paystack/webhook', {
    rawBody,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
  });
}

async function orderRow(id: string) {
  const [row] = await api.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function paymentRow(reference: string) {
  const [row] = await api.db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

async function stockOf(productId: string) {
  const [row] = await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

/** Requests the fake received to verify one reference. */
const verifyCalls = (reference: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`);

/** A guest's Mobile Money order (₵45.50 × quantity from a stock of 10) with its Paystack payment started. */
async function startedPayment(quantity = 1) {
  const product = await api.createProduct({ stock: 10, price: 45.5 });
  const placed = await mobileMoneyOrder(api, product.id, quantity);
  const { status, body } = await initialize(placed.headers, placed.order._id);
  expect(status).toBe(200);
  const totalPesewas = Math.round(placed.order.total * 100);
  return { ...placed, product, totalPesewas, reference: body.reference as string, paymentLink: body.payment_link as string };
}

/** A guest's Mobile Money order of several lines, with its order token header. */
async function guestMobileMoney(lines: { productId: string; quantity: number }[]) {
  const { status, body } = await guestOrder(api, lines, { paymentMethod: 'Mobile Money' });
  expect(status).toBe(201);
  return { order: body.order, headers: { 'X-Order-Token': body.orderToken as string } };
}

describe('initializePayment with Paystack', () => {
  it("sends Paystack the order's total in pesewas, GHS, mobile_money and the callback, and answers Paystack's checkout link", async () => {
    const product = await api.createProduct({ stock: 10, price: 20.5 });
    const { status: placedStatus, body: placed } = await guestOrder(api, [{ productId: product.id, quantity: 2 }], {
      paymentMethod: 'Mobile Money',
      promoCode: 'SAVE10',
    });
    expect(placedStatus).toBe(201);
    const headers = { 'X-Order-Token': placed.orderToken! };

    const { status, body } = await api.json('POST', '/api/initializePayment', {
      headers,
      // The spec's client also sends email and total; the order decides both.
      body: { orderId: placed.order._id, email: 'attacker@example.com', total: 1 },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ payment_link: expect.any(String), reference: expect.any(String), message: SERVER_MESSAGES.paymentLinkReady });

    expect(fake.initialized).toHaveLength(1);
    const sent = fake.initialized[0]!;
    expect(sent.body).toEqual({
      email: checkoutForm.email,
      amount: 3690,
      currency: 'GHS',
      reference: body.reference,
      // Paystack appends ?trxref=…&reference=… itself: the address carries neither, so none comes back twice.
      callback_url: 'http://localhost:3000/checkout',
      channels: ['mobile_money'],
      metadata: { orderId: placed.order._id, orderNumber: placed.order.orderNumber },
    });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/transaction/initialize', authorization: `Bearer ${SECRET}` });
    expect(body.payment_link).toMatch(/^https:\/\/checkout\.paystack\.com\//);

    expect(fake.requests).toHaveLength(1);
    expect(await paymentRow(body.reference)).toMatchObject({ provider: 'paystack', status: 'pending', amountPesewas: 3690, paymentLink: body.payment_link });
    expect((await orderRow(placed.order._id)).paymentReference).toBe(body.reference);
  });

  it('answers the same reference again without starting a second Paystack transaction', async () => {
    const { order, headers, reference, paymentLink } = await startedPayment();
    const again = await initialize(headers, order._id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reference, payment_link: paymentLink });
    expect(fake.initialized).toHaveLength(1);
  });

  it('Pay again after the shopper paid at Paystack (nothing verified yet) answers 409 and the order is Paid', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.approve(reference);

    const again = await initialize(headers, order._id);
    expect(again.status).toBe(409);
    expect(fake.initialized).toHaveLength(1);
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: reference });
  });

  it('Pay again after a decline at Paystack (nothing verified yet) starts a new transaction', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.decline(reference);

    const again = await initialize(headers, order._id);
    expect(again.status).toBe(200);
    expect(again.body.reference).not.toBe(reference);
    expect(fake.initialized.map((t) => t.reference)).toEqual([reference, again.body.reference]);
    expect((await paymentRow(reference))?.status).toBe('failed');
    expect((await orderRow(order._id)).paymentReference).toBe(again.body.reference);
  });

  it('Pay again while Paystack cannot be asked hands out the same reference', async () => {
    const { order, headers, reference, paymentLink } = await startedPayment();
    fake.fail(1);

    const again = await initialize(headers, order._id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reference, payment_link: paymentLink });
    expect(fake.initialized).toHaveLength(1);
  });

  it('has no sandbox payment page when Paystack is configured', async () => {
    const { reference } = await startedPayment();
    const res = await api.request('GET', `/pay/sandbox/${reference}`);
    expect(res.status).toBe(404);
    const post = await api.request('POST', `/pay/sandbox/${reference}`, {
      rawBody: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(404);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending', sandboxOutcome: null });
  });
});

describe('verifyPayment with Paystack', () => {
  it("answers pending while Paystack still calls the transaction 'abandoned'", async () => {
    const { order, headers, reference } = await startedPayment();

    const { status, body } = await verify(reference, headers);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'pending', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(verifyCalls(reference)).toHaveLength(1);
    expect(verifyCalls(reference)[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRow(reference))?.status).toBe('pending');
  });

  it('after the shopper approves, marks the order Paid once; later verifies and webhooks change nothing', async () => {
    const { order, headers, reference, product } = await startedPayment(2);
    fake.approve(reference);

    const { status, body } = await verify(reference, headers);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    const paid = await orderRow(order._id);
    expect(paid).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Paid', paymentReference: reference, holdExpiresAt: null });
    expect(paid.paidAt).toEqual(api.clock.now);

    api.clock.advance(10 * 60_000);
    expect((await verify(reference, headers)).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    const rawBody = fake.webhookBody(reference);
    expect(await webhook(rawBody, fake.sign(rawBody))).toMatchObject({ status: 200 });

    const after = await orderRow(order._id);
    expect(after.paidAt).toEqual(paid.paidAt);
    expect(await openFlags(api, order._id)).toEqual([]);
    expect(after.paymentStatus).toBe('Paid');
    expect(await stockOf(product.id)).toBe(8);
  });

  it('answers failed after a decline; the order stays unpaid and Pay starts a new Paystack transaction', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.decline(reference);

    const { status, body } = await verify(reference, headers);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'failed', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRow(reference))?.status).toBe('failed');

    const retry = await initialize(headers, order._id);
    expect(retry.status).toBe(200);
    expect(retry.body.reference).not.toBe(reference);
    expect(fake.initialized.map((t) => t.reference)).toEqual([reference, retry.body.reference]);
  });

  it('never marks Paid when Paystack charged a different amount, and flags the order', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas - 100 });

    const { status, body } = await verify(reference, headers);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'failed', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
    expect(await paymentRow(reference)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining(`charged ${totalPesewas - 100} pesewas GHS`),
    });

    // Asking again, or Paystack's own webhook with the same figures, still does not pay it.
    expect((await verify(reference, headers)).body.status).toBe('failed');
    const rawBody = fake.webhookBody(reference);
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
  });

  it('never marks Paid when Paystack charged another currency, and flags the order', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas, currency: 'NGN' });

    const { body } = await verify(reference, headers);
    expect(body).toEqual({ status: 'failed', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
    expect((await paymentRow(reference))?.status).toBe('failed');
  });

  it('answers 502 with a JSON message while Paystack is down, changes nothing, and works once it is back', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.approve(reference);
    fake.fail(1);

    const down = await verify(reference, headers);
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ message: SERVER_MESSAGES.paymentUnavailable });
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRow(reference))?.status).toBe('pending');

    expect((await verify(reference, headers)).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
  });
});

describe('POST /api/paystack/webhook', () => {
  it('refuses a body signed with another key, or altered after signing, with 401 and changes nothing', async () => {
    const { order, reference } = await startedPayment();
    fake.approve(reference);
    const rawBody = fake.webhookBody(reference);

    const otherKey = await webhook(rawBody, fake.sign(rawBody, 'sk_test_someone_else'));
    expect(otherKey).toMatchObject({ status: 401, body: { message: SERVER_MESSAGES.invalidSignature } });
    const altered = await webhook(rawBody.replace('"status":"success"', '"status":"success" '), fake.sign(rawBody));
    expect(altered.status).toBe(401);
    const garbage = await webhook(rawBody, 'not-hex');
    expect(garbage.status).toBe(401);

    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRow(reference))?.status).toBe('pending');
  });

  it('refuses a webhook without a signature with 401', async () => {
    const { order, reference } = await startedPayment();
    fake.approve(reference);

    const { status, body } = await webhook(fake.webhookBody(reference));
    expect(status).toBe(401);
    expect(body).toEqual({ message: SERVER_MESSAGES.invalidSignature });
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');
  });

  // Found by fuzzing (tests/api/fuzz): a signed `null` was read as an event and the answer was a 500.
  it('refuses a signed body that is not JSON or not a JSON object with 400', async () => {
    for (const rawBody of ['null', '42', '"charge.success"', '[]', '{"event":']) {
      const { status, body } = await webhook(rawBody, fake.sign(rawBody));
      expect(status, rawBody).toBe(400);
      expect(typeof body.message).toBe('string');
    }
  });

  it('marks the order Paid from a signed charge.success only after asking Paystack itself', async () => {
    const { order, headers, reference } = await startedPayment();
    fake.approve(reference);
    const rawBody = fake.webhookBody(reference);

    const { status, body } = await webhook(rawBody, fake.sign(rawBody));
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'ok' });
    // Paid from GET /transaction/verify, never from the webhook's body.
    expect(verifyCalls(reference)).toHaveLength(1);
    const paid = await orderRow(order._id);
    expect(paid).toMatchObject({ paymentStatus: 'Paid', paymentReference: reference, holdExpiresAt: null });
    expect(paid.paidAt).toEqual(api.clock.now);
    expect((await paymentRow(reference))?.status).toBe('success');

    // The shopper's page then verifies and sees it paid.
    expect((await verify(reference, headers)).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
  });

  it('accepts the same webhook again with 200 and changes nothing (Paystack retries)', async () => {
    const { order, reference } = await startedPayment();
    fake.approve(reference);
    const rawBody = fake.webhookBody(reference);
    await webhook(rawBody, fake.sign(rawBody));
    const first = await orderRow(order._id);

    api.clock.advance(5 * 60_000);
    for (let i = 0; i < 2; i++) expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    const after = await orderRow(order._id);
    expect(after).toMatchObject({ paymentStatus: 'Paid', paidAt: first.paidAt, updatedAt: first.updatedAt });
    expect(await openFlags(api, order._id)).toEqual([]);
  });

  it('answers 200 for a reference the shop does not know, and changes nothing', async () => {
    const { order, reference } = await startedPayment();
    const rawBody = JSON.stringify({
      event: 'charge.success',
      data: { id: 1, status: 'success', reference: 'NK-ZZZZZZ-0123456789ab', amount: 4550, currency: 'GHS', channel: 'mobile_money' },
    });

    const { status } = await webhook(rawBody, fake.sign(rawBody));
    expect(status).toBe(200);
    expect(await api.db.select().from(payments)).toEqual([expect.objectContaining({ reference, status: 'pending' })]);
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');
  });

  it('answers 200 to other events and changes nothing', async () => {
    const { order, reference } = await startedPayment();
    const rawBody = JSON.stringify({ event: 'transfer.success', data: { reference, status: 'success', amount: 4550, currency: 'GHS' } });
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');
    expect((await paymentRow(reference))?.status).toBe('pending');
  });

  it('does not pay from a charge.success event whose data says the charge did not succeed', async () => {
    const { order, reference } = await startedPayment();
    const rawBody = fake.webhookBody(reference, { status: 'failed' });
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect((await paymentRow(reference))?.status).not.toBe('success');
  });

  it('a second reference reported paid on an already paid order keeps the first payment and flags "paid twice"', async () => {
    const { order, headers, reference: first } = await startedPayment();
    fake.decline(first);
    expect((await verify(first, headers)).body.status).toBe('failed');
    const { body: retry } = await initialize(headers, order._id);
    fake.approve(retry.reference);
    expect((await verify(retry.reference, headers)).body.paymentStatus).toBe('Paid');
    const paid = await orderRow(order._id);

    // Paystack later reports the first attempt as charged too.
    api.clock.advance(60_000);
    fake.approve(first);
    const rawBody = fake.webhookBody(first);
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({
      paymentStatus: 'Paid',
      paidAt: paid.paidAt,
      paymentReference: retry.reference,
    });
    expect(await openFlags(api, order._id)).toEqual(['paid_twice']);
  });

  it('answers 400 to malformed JSON even when it is signed', async () => {
    const rawBody = '{"event":"charge.success","data":';
    const { status, body } = await webhook(rawBody, fake.sign(rawBody));
    expect(status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
  });

  it('never marks Paid from a signed webhook when Paystack verifies the wrong amount', async () => {
    const { order, headers, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas - 100 });
    const rawBody = fake.webhookBody(reference);
    expect(JSON.parse(rawBody).data.amount).toBe(totalPesewas - 100);

    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
    expect((await paymentRow(reference))?.status).toBe('failed');
    expect((await verify(reference, headers)).body).toEqual({ status: 'failed', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Pending' });
  });

  it('never marks Paid from a signed webhook when Paystack verifies another currency', async () => {
    const { order, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas, currency: 'NGN' });
    const rawBody = fake.webhookBody(reference);

    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
  });

  // Found by fuzzing (tests/api/fuzz): the currency went into the stored reason as it came, and a NUL in it was a 500.
  it('records a mismatch whatever text the currency holds', async () => {
    const { order, reference, totalPesewas } = await startedPayment();
    fake.approve(reference, { amount: totalPesewas, currency: 'GHS\u0000' });
    const rawBody = fake.webhookBody(reference);

    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    // Paystack's answer is unreadable as a currency: never paid, and asked again later rather than a 500.
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Pending' });
    expect((await paymentRow(reference))?.status).toBe('pending');
    fake.approve(reference, { amount: totalPesewas, currency: 'USD' });
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await openFlags(api, order._id)).toEqual(['amount_mismatch']);
    expect(await paymentRow(reference)).toMatchObject({
      status: 'failed',
      failureReason: `Order total ${totalPesewas} pesewas GHS; Paystack says requested ${totalPesewas} pesewas, charged ${totalPesewas} pesewas USD.`,
    });
  });
});

describe('Paystack unavailable when a payment starts', () => {
  it('answers 502 with a JSON message, leaves no payment behind, and works once Paystack is back', async () => {
    const product = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, product.id);
    fake.fail(1);

    const down = await initialize(headers, order._id);
    expect(down.status).toBe(502);
    expect(down.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(down.body).toEqual({ message: SERVER_MESSAGES.paymentUnavailable });
    expect(await api.db.select().from(payments)).toEqual([]);
    expect(await orderRow(order._id)).toMatchObject({ paymentReference: null, orderStatus: 'Pending', paymentStatus: 'Pending' });

    const back = await initialize(headers, order._id);
    expect(back.status).toBe(200);
    expect(fake.initialized.map((t) => t.reference)).toEqual([back.body.reference]);
    expect(await api.db.select().from(payments)).toEqual([expect.objectContaining({ reference: back.body.reference, status: 'pending' })]);
  });

  it('the fake checks the secret key like Paystack: a client with another key is refused', async () => {
    const wrongKey = paystackProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.url });
    const input = { reference: 'NK-ABCDEF-0123456789ab', amountPesewas: 100, email: 'a@example.com', callbackUrl: 'http://x/', metadata: {} };
    await expect(wrongKey.start(input)).rejects.toThrow(/401 Invalid key/);
    await expect(wrongKey.verify(input.reference)).rejects.toThrow(/401 Invalid key/);
    expect(fake.initialized).toEqual([]);
  });
});

describe('a payment and the unpaid-order hold', () => {
  it('a payment that lands after the hold expired restores the order when its stock is still there, taking it once', async () => {
    const product = await api.createProduct({ stock: 5, price: 45.5 });
    const { order, headers } = await mobileMoneyOrder(api, product.id, 2);
    const { body: started } = await initialize(headers, order._id);
    const reference = started.reference as string;
    expect(await stockOf(product.id)).toBe(3);

    api.clock.advance(HOLD_MS + 60_000);
    // Paystack still says 'abandoned': the hold gives up.
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 1, paid: 0 });
    expect(verifyCalls(reference)).toHaveLength(1);
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'expired', paymentStatus: 'Pending' });
    expect(await stockOf(product.id)).toBe(5);
    expect((await initialize(headers, order._id)).status).toBe(409);
    expect((await verify(reference, headers)).body).toEqual({ status: 'abandoned', orderId: order._id, paymentStatus: 'Pending', orderStatus: 'Cancelled' });

    // Then the shopper finishes the prompt on their phone.
    fake.approve(reference);
    const { status, body } = await verify(reference, headers);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      orderStatus: 'Pending',
      cancelReason: null,
      cancelledAt: null,
      paymentStatus: 'Paid',
      paymentReference: reference,
      stockHeld: true,
    });
    expect(row.paidAt).toEqual(api.clock.now);
    expect(await stockOf(product.id)).toBe(3);
    expect(await openFlags(api, order._id)).toEqual([]);

    // Running the job again, or asking again, changes nothing.
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 0, paid: 0 });
    expect((await verify(reference, headers)).body.status).toBe('success');
    expect(await stockOf(product.id)).toBe(3);
  });

  it('money after the hold whose stock was sold meanwhile: the order stays Cancelled, Paid, flagged "paid after expiry"', async () => {
    const product = await api.createProduct({ stock: 5 });
    const other = await api.createProduct({ stock: 5 });
    const { order, headers } = await guestMobileMoney([
      { productId: product.id, quantity: 1 },
      { productId: other.id, quantity: 2 },
    ]);
    const { body: started } = await initialize(headers, order._id);
    api.clock.advance(HOLD_MS + 1);
    await runOrderExpiry(api.payments, api.clock.now);
    // Another shopper buys the second product out; the first is still there.
    await api.db.update(products).set({ stock: 1 }).where(eq(products.id, other.id));

    fake.approve(started.reference);
    const rawBody = fake.webhookBody(started.reference);
    expect((await webhook(rawBody, fake.sign(rawBody))).status).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Paid', stockHeld: false });
    expect(await openFlags(api, order._id)).toEqual(['paid_after_expiry']);
    // All lines or none: the first product's stock was not taken either.
    expect(await stockOf(product.id)).toBe(5);
    expect(await stockOf(other.id)).toBe(1);
    // The shopper's own view says the truth (cancelled, paid), without the admin's flags.
    const { body } = await api.json('GET', `/api/getOrderById/${order._id}`, { headers });
    expect(body.order).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Paid', cancelReason: 'expired' });
    expect(body.order.flags).toBeUndefined();
  });

  it('the expiry job asks Paystack first: a payment nobody verified yet makes the order Paid, not Cancelled', async () => {
    const product = await api.createProduct({ stock: 5 });
    const { order, headers } = await mobileMoneyOrder(api, product.id, 2);
    const { body: started } = await initialize(headers, order._id);
    fake.approve(started.reference);

    api.clock.advance(HOLD_MS + 60_000);
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 0, paid: 1 });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Paid', cancelledAt: null, holdExpiresAt: null });
    expect(await openFlags(api, order._id)).toEqual([]);
    expect(row.paidAt).toEqual(api.clock.now);
    expect(await stockOf(product.id)).toBe(3);
    expect((await verify(started.reference, headers)).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
  });

  it('expires the order anyway when Paystack cannot be asked, and a later payment restores it', async () => {
    const product = await api.createProduct({ stock: 5 });
    const { order, headers } = await mobileMoneyOrder(api, product.id, 1);
    const { body: started } = await initialize(headers, order._id);
    api.clock.advance(HOLD_MS + 60_000);
    fake.fail(1);

    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 1, paid: 0 });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Pending' });
    expect(await stockOf(product.id)).toBe(5);

    fake.approve(started.reference);
    expect((await verify(started.reference, headers)).body.paymentStatus).toBe('Paid');
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Paid' });
    expect(await stockOf(product.id)).toBe(4);
  });

  it('a payment that lands after the shopper cancelled is recorded and flagged, stock returned once', async () => {
    const product = await api.createProduct({ stock: 5 });
    const { order, headers } = await mobileMoneyOrder(api, product.id, 2);
    const { body: started } = await initialize(headers, order._id);
    expect((await api.json('POST', `/api/cancelOrder/${order._id}`, { headers })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);

    fake.approve(started.reference);
    expect((await verify(started.reference, headers)).body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Cancelled' });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Paid' });
    expect(await openFlags(api, order._id)).toEqual(['paid_after_cancellation']);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('leaves an order whose hold has not run out alone', async () => {
    const { order, reference } = await startedPayment();
    api.clock.advance(HOLD_MS - 60_000);
    expect(await runOrderExpiry(api.payments, api.clock.now)).toEqual({ expired: 0, paid: 0 });
    expect(verifyCalls(reference)).toEqual([]);
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending' });
  });
});
