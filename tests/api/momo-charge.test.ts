import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '@/server/db/schema';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { checkoutForm, guestOrder, mobileMoneyOrderOfOne } from '../helpers/orders';
import { setupPaystackApi } from '../helpers/paystack-api';
import { openFlags, orderRow } from '../helpers/rows';

/**
 * Mobile Money approved on the phone: the app with the real Paystack client, talking HTTP to the
 * local fake's Charge API (POST /charge, POST /charge/submit_otp, GET /charge/{reference}) and
 * GET /transaction/verify. A short call limit, so a call that never answers ends fast.
 */
const SECRET = 'sk_test_charge';
const TIMEOUT_MS = 1_000;
const { api, fake } = setupPaystackApi({ secret: SECRET, timeoutMs: TIMEOUT_MS, config: { providerTimeoutMs: TIMEOUT_MS } });
/** Paystack's limit plus the margin: a start older than this whose process died no longer blocks. */
const START_STALE_MS = TIMEOUT_MS + 5_000;

type Headers = Record<string, string>;

const charge = (headers: Headers, orderId: string, phone: string, network: string) =>
  api.json('POST', '/api/chargeMobileMoney', { headers, body: { orderId, phone, network } });
const submitOtp = (headers: Headers, reference: string, otp: string) => api.json('POST', '/api/submitPaymentOtp', { headers, body: { reference, otp } });
const cancelAttempt = (headers: Headers, reference: string) => api.json('POST', '/api/cancelPaymentAttempt', { headers, body: { reference } });
const verify = (headers: Headers, reference: string) => api.json('GET', `/api/verifyPayment/${encodeURIComponent(reference)}`, { headers });

/** Paystack posts `charge.success` for `reference` to the shop's webhook, signed. */
async function chargeSuccessWebhook(reference: string) {
  const hook = fake.signed(fake.webhookBody(reference));
  await api.json('POST', '/api/paystack/webhook', {
    rawBody: hook.rawBody,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
  });
}

const chargeCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/charge');
const verifyCalls = (reference: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`);

async function paymentRow(reference: string) {
  const [row] = await api.db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** A guest's Mobile Money order of one ₵45.50 item, ready to pay. */
const placed = () => mobileMoneyOrderOfOne(api, 45.5);

describe('a charge approved on the phone', () => {
  it("sends Paystack's Charge API the order total in pesewas, GHS, the local number and network code, a fresh reference and the order number", async () => {
    const { order, headers } = await placed();
    const { status, body } = await charge(headers, order._id, '+233 24 123 4567', 'mtn');
    expect(status).toBe(200);

    expect(chargeCalls()).toHaveLength(1);
    const sent = chargeCalls()[0]!;
    expect(sent.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent.body).toEqual({
      email: checkoutForm.email,
      amount: 4550,
      currency: 'GHS',
      reference: body.reference,
      mobile_money: { phone: '0241234567', provider: 'mtn' },
      metadata: { orderId: order._id, orderNumber: order.orderNumber },
    });
    expect(body.reference).toMatch(new RegExp(`^${order.orderNumber}-[0-9a-f]{12}$`));
    // Paystack's pay_offline answer: the prompt is on the phone, with the network's words and a countdown.
    expect(body).toMatchObject({
      state: 'approve',
      phone: '0241234567',
      network: 'mtn',
      displayText: 'Please complete authorization process on your mobile phone',
      message: SERVER_MESSAGES.chargeApprove,
      paymentStatus: 'Pending',
      test: false,
    });
    expect(new Date(body.expiresAt).getTime()).toBe(api.clock.now.getTime() + 120_000);
    expect(await paymentRow(body.reference)).toMatchObject({ channel: 'charge', status: 'pending', chargeState: 'approve', amountPesewas: 4550 });
    expect((await orderRow(api, order._id))?.paymentReference).toBe(body.reference);
  });

  it('is paid once verify says so, however often the shopper and the webhook ask', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0551234567', 'mtn');
    expect((await verify(headers, body.reference)).body).toMatchObject({ status: 'pending', charge: { state: 'approve' } });

    fake.approve(body.reference);
    const paid = await verify(headers, body.reference);
    expect(paid.body).toMatchObject({ status: 'success', paymentStatus: 'Paid', charge: { state: 'paid', message: SERVER_MESSAGES.chargePaid } });
    await chargeSuccessWebhook(body.reference);
    await verify(headers, body.reference);

    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: body.reference });
    expect(await openFlags(api, order._id)).toEqual([]);
  });

  it("a charge Paystack answers 'success' at once is still confirmed through verify", async () => {
    const { order, headers } = await placed();
    fake.nextCharge({ status: 'success' });
    const { body } = await charge(headers, order._id, '0241234567', 'mtn');
    expect(body).toMatchObject({ state: 'paid', paymentStatus: 'Paid' });
    expect(verifyCalls(body.reference)).toHaveLength(1);
  });

  it('uses the countdown Paystack sends with its prompt', async () => {
    const { order, headers } = await placed();
    fake.nextCharge({ status: 'pay_offline', displayText: 'Approve on your phone', timer: 60 });
    const { body } = await charge(headers, order._id, '0271234567', 'atl');
    expect(body).toMatchObject({ state: 'approve', network: 'atl', displayText: 'Approve on your phone' });
    expect(new Date(body.expiresAt).getTime()).toBe(api.clock.now.getTime() + 60_000);
  });
});

describe("Telecel's voucher (send_otp)", () => {
  it("asks for the voucher with the network's words; a wrong code can be typed again; the right one leads to the prompt and payment", async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0201234567', 'vod');
    expect(body).toMatchObject({
      state: 'otp',
      displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
      message: PAGE_MESSAGES.chargeOtp,
    });

    const wrong = await submitOtp(headers, body.reference, '000000');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ state: 'otp', message: SERVER_MESSAGES.otpRejected });

    const right = await submitOtp(headers, body.reference, '123456');
    expect(right.body).toMatchObject({ state: 'approve', message: SERVER_MESSAGES.chargeApprove });
    const otpCalls = fake.requests.filter((r) => r.path === '/charge/submit_otp');
    expect(otpCalls.map((r) => r.body)).toEqual([
      { otp: '000000', reference: body.reference },
      { otp: '123456', reference: body.reference },
    ]);

    fake.approve(body.reference);
    expect((await verify(headers, body.reference)).body).toMatchObject({ status: 'success', paymentStatus: 'Paid' });
  });

  it('a code sent when none is asked for is not passed on', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0241234567', 'mtn');
    const sent = await submitOtp(headers, body.reference, '123456');
    expect(sent.body).toMatchObject({ state: 'approve' });
    expect(fake.requests.filter((r) => r.path === '/charge/submit_otp')).toHaveLength(0);
  });

  it('refuses a malformed code with 400 and the field named', async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0201234567', 'vod');
    const bad = await submitOtp(headers, body.reference, '12 34<');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ path: ['otp'], message: PAGE_MESSAGES.otpInvalid });
  });
});

describe('declines, and the retry on the same order', () => {
  it('a short wallet is told as such; a retry with another number is a new charge with its own reference, and pays', async () => {
    const { order, headers } = await placed();
    fake.nextCharge({ status: 'failed', message: 'Insufficient funds' });
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    expect(first.body).toMatchObject({ state: 'failed', declineReason: 'insufficient_funds', message: SERVER_MESSAGES.chargeInsufficientFunds });

    const retry = await charge(headers, order._id, '0501234567', 'vod');
    expect(retry.body).toMatchObject({ state: 'otp', network: 'vod' });
    expect(retry.body.reference).not.toBe(first.body.reference);
    expect(chargeCalls().map((r) => (r.body as { reference: string }).reference)).toEqual([first.body.reference, retry.body.reference]);
  });

  it('a number Paystack refuses is a wrong number, and nothing is left in flight', async () => {
    const { order, headers } = await placed();
    fake.nextCharge({ refuse: 'Invalid phone number' });
    const { body } = await charge(headers, order._id, '0241234567', 'mtn');
    expect(body).toMatchObject({ state: 'failed', declineReason: 'wrong_number', message: SERVER_MESSAGES.chargeWrongNumber });
    const again = await charge(headers, order._id, '0241234568', 'mtn');
    expect(again.body.state).toBe('approve');
  });

  it("a decline on the phone, seen by verify, carries the network's reason", async () => {
    const { order, headers } = await placed();
    const { body } = await charge(headers, order._id, '0241234567', 'mtn');
    fake.decline(body.reference, 'Declined by the customer');
    expect((await verify(headers, body.reference)).body).toMatchObject({ status: 'failed', charge: { state: 'failed', declineReason: 'declined' } });
  });
});

describe('one attempt in flight per order', () => {
  it('the same number again (a double tap, a second tab, a retry after a lost answer) gets the attempt already open, with no second charge', async () => {
    const { order, headers } = await placed();
    const [a, b] = await Promise.all([charge(headers, order._id, '0241234567', 'mtn'), charge(headers, order._id, '0241234567', 'mtn')]);
    const answered = [a, b].filter((r) => r.status === 200);
    // Both at once: one starts it, the other is told to try again in a moment (or gets the same attempt).
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const again = await charge(headers, order._id, '0241234567', 'mtn');
    expect(again.body.reference).toBe(answered[0]!.body.reference);
    expect(chargeCalls()).toHaveLength(1);
  });

  it('another number waits until the prompt is final: refused while open, allowed once the countdown ran out and Paystack says unpaid', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    const other = await charge(headers, order._id, '0551112222', 'mtn');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(SERVER_MESSAGES.chargeInFlight('024 123 4567'));

    api.clock.advance(121_000);
    expect((await verify(headers, first.body.reference)).body.charge).toMatchObject({ state: 'timed_out', message: PAGE_MESSAGES.chargeTimedOut });
    const before = verifyCalls(first.body.reference).length;
    const retry = await charge(headers, order._id, '0551112222', 'mtn');
    expect(retry.status).toBe(200);
    // The server asked Paystack about the old attempt once more before letting it go.
    expect(verifyCalls(first.body.reference).length).toBe(before + 1);
    expect(await paymentRow(first.body.reference)).toMatchObject({ status: 'abandoned', declineReason: 'timeout' });
  });

  it('a stopped attempt is asked about first: unpaid, it ends and another number may start', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    const stopped = await cancelAttempt(headers, first.body.reference);
    expect(stopped.body).toMatchObject({ state: 'cancelled', message: SERVER_MESSAGES.chargeCancelled, paymentStatus: 'Pending' });
    expect(verifyCalls(first.body.reference)).toHaveLength(1);
    const retry = await charge(headers, order._id, '0551112222', 'mtn');
    expect(retry.body.state).toBe('approve');
  });

  it('stopping an attempt the shopper had just approved pays the order instead', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    fake.approve(first.body.reference);
    const stopped = await cancelAttempt(headers, first.body.reference);
    expect(stopped.body).toMatchObject({ state: 'paid', paymentStatus: 'Paid' });
  });

  it('an attempt cannot be stopped blind: with Paystack unreachable the answer is 502 and it stays open', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    fake.fail(1);
    const stopped = await cancelAttempt(headers, first.body.reference);
    expect(stopped.status).toBe(502);
    expect((await paymentRow(first.body.reference))?.status).toBe('pending');
  });

  it("Pay on Paystack's page instead stops the charge first (asking Paystack) and starts a hosted payment", async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    const page = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    expect(page.status).toBe(200);
    expect(page.body.reference).not.toBe(first.body.reference);
    expect(await paymentRow(first.body.reference)).toMatchObject({ status: 'abandoned', declineReason: 'cancelled' });
    expect(fake.initialized).toHaveLength(1);
  });
});

describe('no approval is ever lost', () => {
  it('a late approval of a stopped attempt still pays the order', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    await cancelAttempt(headers, first.body.reference);
    fake.approve(first.body.reference);
    await chargeSuccessWebhook(first.body.reference);
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: first.body.reference });
  });

  it('both attempts approved: the order is paid once and flagged "paid twice"', async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0241234567', 'mtn');
    api.clock.advance(121_000);
    const second = await charge(headers, order._id, '0551112222', 'mtn');
    fake.approve(second.body.reference);
    expect((await verify(headers, second.body.reference)).body.paymentStatus).toBe('Paid');

    // The late approval of the first attempt reaches the shop through Paystack's webhook.
    fake.approve(first.body.reference);
    await chargeSuccessWebhook(first.body.reference);
    expect(await orderRow(api, order._id)).toMatchObject({ paymentStatus: 'Paid', paymentReference: second.body.reference });
    expect(await openFlags(api, order._id)).toEqual(['paid_twice']);
  });

  it('a start that got no answer is taken up again from Paystack, not sent twice', async () => {
    const { order, headers } = await placed();
    fake.loseAnswers(1);
    const lost = await charge(headers, order._id, '0241234567', 'mtn');
    expect(lost.status).toBe(502);
    const [row] = await api.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(row).toMatchObject({ chargeState: 'starting', status: 'pending' });
    // Paystack did create it (the answer was lost on the way back).
    expect(fake.charged).toHaveLength(1);

    const tooSoon = await charge(headers, order._id, '0241234567', 'mtn');
    expect(tooSoon.status).toBe(409);

    api.clock.advance(START_STALE_MS + 1);
    const resumed = await charge(headers, order._id, '0241234567', 'mtn');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ reference: row!.reference, state: 'approve' });
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/charge/${row!.reference}`)).toHaveLength(1);
    expect(chargeCalls()).toHaveLength(1);
  });

  it('a start Paystack never saw is let go and a new charge starts', async () => {
    const { order, headers } = await placed();
    fake.fail(1);
    const lost = await charge(headers, order._id, '0241234567', 'mtn');
    expect(lost.status).toBe(502);
    api.clock.advance(START_STALE_MS + 1);
    const retry = await charge(headers, order._id, '0241234567', 'mtn');
    expect(retry.body).toMatchObject({ state: 'approve' });
    expect(retry.status).toBe(200);
    expect(fake.charged).toHaveLength(1);
  });
});

describe('who may charge what', () => {
  it('a malformed number or network is refused with 400 naming the field, and nothing is charged', async () => {
    const { order, headers } = await placed();
    const bad = await charge(headers, order._id, '12345', 'orange');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(['network', 'phone']);
    expect(chargeCalls()).toHaveLength(0);
  });

  it("someone else's order, an order without its token, a cash order and a paid order are not charged", async () => {
    const { order, headers } = await placed();
    expect((await charge({}, order._id, '0241234567', 'mtn')).status).toBe(404);
    expect((await charge({ 'X-Order-Token': 'x'.repeat(43) }, order._id, '0241234567', 'mtn')).status).toBe(404);

    const product = await api.createProduct({ stock: 5 });
    const cash = await guestOrder(api, [{ productId: product.id, quantity: 1 }]);
    expect((await charge({ 'X-Order-Token': cash.body.orderToken! }, cash.body.order._id, '0241234567', 'mtn')).status).toBe(409);

    const first = await charge(headers, order._id, '0241234567', 'mtn');
    fake.approve(first.body.reference);
    await verify(headers, first.body.reference);
    expect((await charge(headers, order._id, '0551234567', 'mtn')).status).toBe(409);
    expect(chargeCalls()).toHaveLength(1);
  });

  it("someone else's attempt cannot be stopped or sent a code: it answers like a missing one", async () => {
    const { order, headers } = await placed();
    const first = await charge(headers, order._id, '0201234567', 'vod');
    const stranger = await placed();
    expect((await cancelAttempt(stranger.headers, first.body.reference)).status).toBe(404);
    expect((await submitOtp(stranger.headers, first.body.reference, '123456')).status).toBe(404);
    expect((await paymentRow(first.body.reference))?.status).toBe('pending');
    expect(headers).toBeDefined();
  });

  it('starting a charge extends the hold to at least 10 minutes from now', async () => {
    const { order, headers } = await placed();
    api.clock.advance(25 * 60_000);
    await charge(headers, order._id, '0241234567', 'mtn');
    const row = await orderRow(api, order._id);
    expect(row?.holdExpiresAt?.getTime()).toBe(api.clock.now.getTime() + 10 * 60_000);
  });
});
