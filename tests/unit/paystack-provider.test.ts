import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paystackProvider, readPaystackEvent } from '@/server/payments/paystack';
import { ProviderError } from '@/server/payments/provider';
import { type FakePaystack, startFakePaystack } from '../helpers/fake-paystack';

/** The Paystack client against the local fake over real HTTP. */
const SECRET = 'sk_test_unit_secret_0123456789';
const TOTAL = 11_000;
let fake: FakePaystack;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
});

const provider = (options: { timeoutMs?: number; baseUrl?: string; fetch?: typeof fetch } = {}) =>
  paystackProvider({ secretKey: SECRET, baseUrl: options.baseUrl ?? fake.url, timeoutMs: options.timeoutMs, fetch: options.fetch });

let counter = 0;
async function started(amountPesewas = TOTAL) {
  counter += 1;
  const reference = `NK-UNIT${counter}-0123456789ab`;
  await provider().start({ reference, amountPesewas, email: 'ama@example.com', callbackUrl: 'https://shop.example/checkout', metadata: { orderId: 'o1' } });
  return reference;
}

/** A fetch that answers one canned response, for shapes the fake never produces. */
const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as Error).message).not.toContain(SECRET);
  return error as ProviderError;
}

describe('start', () => {
  it('sends the documented initialize body and answers the checkout link', async () => {
    const link = await provider().start({
      reference: 'NK-START1-0123456789ab',
      amountPesewas: TOTAL,
      email: 'ama@example.com',
      callbackUrl: 'https://shop.example/checkout',
      metadata: { orderId: 'o1' },
    });
    expect(link.paymentLink).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(fake.initialized[0]?.body).toEqual({
      email: 'ama@example.com',
      amount: TOTAL,
      currency: 'GHS',
      reference: 'NK-START1-0123456789ab',
      callback_url: 'https://shop.example/checkout',
      channels: ['mobile_money'],
      metadata: { orderId: 'o1' },
    });
  });

  it('throws ProviderError when Paystack refuses (duplicate reference)', async () => {
    const reference = await started();
    const error = await rejection(provider().start({ reference, amountPesewas: TOTAL, email: 'a@b.co', callbackUrl: 'https://x.example/', metadata: {} }));
    expect(error.message).toContain('Duplicate Transaction Reference');
  });
});

describe('the Charge API (Mobile Money approved on the phone)', () => {
  let n = 0;
  const input = (phone = '0241234567', network: 'mtn' | 'vod' | 'atl' = 'mtn') => {
    n += 1;
    return { reference: `NK-CHG${n}-0123456789ab`, amountPesewas: TOTAL, email: 'ama@example.com', phone, network, metadata: { orderNumber: 'NK-CHG' } };
  };

  it("sends POST /charge in Paystack's Ghana shape and reads pay_offline as a prompt on the phone", async () => {
    const charge = input();
    expect(await provider().charge(charge)).toEqual({ status: 'approve', displayText: 'Please complete authorization process on your mobile phone' });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/charge', authorization: `Bearer ${SECRET}` });
    expect(fake.charged[0]?.body).toEqual({
      email: 'ama@example.com',
      amount: TOTAL,
      currency: 'GHS',
      reference: charge.reference,
      mobile_money: { phone: '0241234567', provider: 'mtn' },
      metadata: { orderNumber: 'NK-CHG' },
    });
  });

  it("reads send_otp as a code to type, with the network's words and its timer when it sends one", async () => {
    expect(await provider().charge(input('0201234567', 'vod'))).toEqual({
      status: 'otp',
      displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
    });
    fake.nextCharge({ status: 'pay_offline', displayText: 'Approve', timer: 45 });
    expect(await provider().charge(input())).toEqual({ status: 'approve', displayText: 'Approve', timerSeconds: 45 });
  });

  it("a failed charge and a refused one are both over, in Paystack's words; no answer is a ProviderError", async () => {
    fake.nextCharge({ status: 'failed', message: 'Insufficient funds' });
    expect(await provider().charge(input())).toEqual({ status: 'failed', reason: 'Insufficient funds' });
    fake.nextCharge({ refuse: 'Invalid phone number' });
    expect(await provider().charge(input())).toEqual({ status: 'failed', reason: 'Invalid phone number' });
    fake.fail(1);
    await rejection(provider().charge(input()));
    await rejection(provider({ fetch: answering(401, { status: false, message: 'Invalid key' }) }).charge(input()));
  });

  it('submits the code as { otp, reference } and follows a charge with GET /charge/{reference}', async () => {
    const charge = input('0501234567', 'vod');
    await provider().charge(charge);
    expect(await provider().submitOtp(charge.reference, '123456')).toEqual({
      status: 'approve',
      displayText: 'Please complete authorization process on your mobile phone',
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/charge/submit_otp', body: { otp: '123456', reference: charge.reference } });
    expect(await provider().checkCharge(charge.reference)).toMatchObject({ status: 'approve' });
    fake.approve(charge.reference);
    expect(await provider().checkCharge(charge.reference)).toEqual({ status: 'success' });
    expect(await provider().checkCharge('NK-NEVER-0123456789ab')).toEqual({ status: 'unknown' });
  });
});

describe('verify', () => {
  it('an unpaid transaction is pending, with what was asked', async () => {
    const reference = await started();
    expect(await provider().verify(reference)).toEqual({
      status: 'pending',
      providerStatus: 'abandoned',
      gatewayResponse: 'The transaction was not completed',
      amountPesewas: TOTAL,
      requestedAmountPesewas: TOTAL,
      currency: 'GHS',
    });
  });

  it('success carries what was charged and what was asked; fees passed on make the charge higher', async () => {
    const reference = await started();
    fake.approve(reference, { amount: TOTAL + 215, fees: 215 });
    expect(await provider().verify(reference)).toEqual({
      status: 'success',
      providerStatus: 'success',
      amountPesewas: TOTAL + 215,
      requestedAmountPesewas: TOTAL,
      currency: 'GHS',
    });
    const raw = (await (await fetch(`${fake.url}/transaction/verify/${reference}`, { headers: { Authorization: `Bearer ${SECRET}` } })).json()) as {
      data: Record<string, unknown>;
    };
    expect(raw.data).toMatchObject({ status: 'success', amount: TOTAL + 215, requested_amount: TOTAL, fees: 215, currency: 'GHS' });
  });

  it.each([
    ['ongoing', 'pending'],
    ['pending', 'pending'],
    ['processing', 'pending'],
    ['queued', 'pending'],
    ['send_otp', 'pending'],
    ['failed', 'failed'],
    ['reversed', 'failed'],
  ] as const)('maps Paystack %s to %s', async (paystackStatus, status) => {
    const reference = await started();
    fake.setStatus(reference, paystackStatus);
    expect(await provider().verify(reference)).toMatchObject({ status, providerStatus: paystackStatus });
  });

  it('a late success after a decline on the same reference', async () => {
    const reference = await started();
    fake.decline(reference);
    expect(await provider().verify(reference)).toMatchObject({ status: 'failed', providerStatus: 'failed' });
    fake.approve(reference);
    expect(await provider().verify(reference)).toMatchObject({ status: 'success', amountPesewas: TOTAL, requestedAmountPesewas: TOTAL });
  });

  it('a reference Paystack never saw is failed/not_found (a start that never reached it)', async () => {
    expect(await provider().verify('NK-NEVER-000000000000')).toEqual({ status: 'failed', providerStatus: 'not_found' });
  });

  it('a 404 that is not Paystack saying "reference not found" stays an error (wrong base URL)', async () => {
    const error = await rejection(provider({ baseUrl: `${fake.url}/v9` }).verify('NK-X-1'));
    expect(error.message).toMatch(/404/);
  });

  it('throws ProviderError on a 5xx, and works again after', async () => {
    const reference = await started();
    fake.fail(1);
    const error = await rejection(provider().verify(reference));
    expect(error.message).toMatch(/500/);
    expect(await provider().verify(reference)).toMatchObject({ status: 'pending' });
  });

  it('throws ProviderError on an HTML page instead of JSON', async () => {
    const reference = await started();
    fake.html(1);
    const error = await rejection(provider().verify(reference));
    expect(error.message).toMatch(/502 without JSON/);
  });

  it('cuts a hanging call at the per-call timeout', async () => {
    const reference = await started();
    fake.hang(1);
    const began = Date.now();
    const error = await rejection(provider({ timeoutMs: 60_000 }).verify(reference, { timeoutMs: 200 }));
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(error.message).toMatch(/within 200 ms/);
    expect(await provider().verify(reference)).toMatchObject({ status: 'pending' });
  });

  it("uses the client's own timeout when the call gives none", async () => {
    const reference = await started();
    fake.hang(1);
    const began = Date.now();
    await rejection(provider({ timeoutMs: 150 }).verify(reference));
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('throws ProviderError on status:false, a body that is not an object, or an unreadable status', async () => {
    await rejection(provider({ fetch: answering(200, { status: false, message: 'Nope' }) }).verify('r'));
    await rejection(provider({ fetch: answering(200, 'null') }).verify('r'));
    await rejection(provider({ fetch: answering(200, '[1]') }).verify('r'));
    await rejection(provider({ fetch: answering(200, { status: true, message: 'ok', data: { status: 'succ\u0000ess', amount: 1 } }) }).verify('r'));
    await rejection(provider({ fetch: answering(200, { status: true, message: 'ok', data: [] }) }).verify('r'));
  });

  it('a success without a readable amount, requested_amount or currency is no answer', async () => {
    const data = { status: 'success', amount: TOTAL, requested_amount: TOTAL, currency: 'GHS' };
    for (const broken of [
      { ...data, amount: -1 },
      { ...data, amount: '11000' },
      { ...data, requested_amount: undefined },
      { ...data, currency: 'GHS\u0000' },
    ]) {
      await rejection(provider({ fetch: answering(200, { status: true, message: 'ok', data: broken }) }).verify('r'));
    }
  });

  it('never puts the secret key in its errors', async () => {
    const leaky: typeof fetch = async () => {
      throw new Error(`connect failed with ${SECRET}`);
    };
    const error = await rejection(provider({ fetch: leaky }).verify('r'));
    expect(error.message).toContain('[key]');
    await rejection(provider({ fetch: answering(401, { status: false, message: `Invalid key ${SECRET}` }) }).verify('r'));
  });
});

describe('refund', () => {
  it('starts a refund with the documented body and answers its id and state', async () => {
    const reference = await started();
    fake.approve(reference);
    const result = await provider().refund({ reference, amountPesewas: 4_000 });
    expect(fake.refunds).toHaveLength(1);
    expect(result).toEqual({ providerRefundId: String(fake.refunds[0]?.id), status: 'pending' });
    expect(fake.refunds[0]?.body).toEqual({ transaction: reference, amount: 4_000 });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/refund', authorization: `Bearer ${SECRET}` });
  });

  it("refuses what Paystack refuses, with Paystack's message", async () => {
    const unknown = await rejection(provider().refund({ reference: 'NK-NOPE-1', amountPesewas: 100 }));
    expect(unknown.message).toContain('Transaction not found');

    const unpaid = await started();
    expect((await rejection(provider().refund({ reference: unpaid, amountPesewas: 100 }))).message).toMatch(/not successful/);

    const reference = await started();
    fake.approve(reference);
    await provider().refund({ reference, amountPesewas: 6_000 });
    expect((await rejection(provider().refund({ reference, amountPesewas: 6_000 }))).message).toMatch(/5000 left to refund/);
    const rest = await provider().refund({ reference, amountPesewas: 5_000 });
    fake.refundWebhookBody(Number(fake.refunds[0]?.id), 'refund.processed');
    fake.refundWebhookBody(Number(rest.providerRefundId), 'refund.processed');
    expect((await rejection(provider().refund({ reference, amountPesewas: 1 }))).message).toContain('Transaction has been fully reversed');
    // Paystack then calls the transaction reversed: verify answers failed.
    expect(await provider().verify(reference)).toMatchObject({ status: 'failed', providerStatus: 'reversed' });
  });

  it('a failed refund frees its amount again', async () => {
    const reference = await started();
    fake.approve(reference);
    const first = await provider().refund({ reference, amountPesewas: TOTAL });
    fake.refundWebhookBody(Number(first.providerRefundId), 'refund.failed');
    expect(await provider().refund({ reference, amountPesewas: TOTAL })).toMatchObject({ status: 'pending' });
  });

  it('refuses a refund of no pesewas without asking Paystack', async () => {
    await rejection(provider().refund({ reference: 'r', amountPesewas: 0 }));
    await rejection(provider().refund({ reference: 'r', amountPesewas: 1.5 }));
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['processed', 'processed'],
    ['failed', 'failed'],
    ['processing', 'pending'],
    ['needs-attention', 'pending'],
    ['something-new', 'pending'],
  ] as const)("maps Paystack's refund state %s to %s", async (paystackStatus, status) => {
    const fetchIt = answering(200, { status: true, message: 'ok', data: { id: 77, status: paystackStatus } });
    expect(await provider({ fetch: fetchIt }).refund({ reference: 'r', amountPesewas: 1 })).toEqual({ providerRefundId: '77', status });
  });

  it('throws ProviderError when Paystack is down, answers HTML or hangs', async () => {
    const reference = await started();
    fake.approve(reference);
    fake.fail(1);
    await rejection(provider().refund({ reference, amountPesewas: 1 }));
    fake.html(1);
    await rejection(provider().refund({ reference, amountPesewas: 1 }));
    fake.hang(1);
    await rejection(provider().refund({ reference, amountPesewas: 1 }, { timeoutMs: 200 }));
    expect(fake.refunds).toHaveLength(0);
  });
});

describe('the fake follows the documented refund request strictly', () => {
  const post = async (body: unknown) => {
    const res = await fetch(`${fake.url}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { status: boolean; message: string } };
  };

  it('400 for a missing transaction, an amount that is not an integer, or an unknown field; the id works as well as the reference', async () => {
    expect(await post({})).toMatchObject({ status: 400, body: { status: false, message: 'Transaction reference or id is required' } });
    const reference = await started();
    fake.approve(reference);
    expect((await post({ transaction: reference, amount: '100' })).status).toBe(400);
    expect((await post({ transaction: reference, amount: 10.5 })).status).toBe(400);
    expect((await post({ transaction: reference, reason: 'x' })).status).toBe(400);
    expect((await post({ transaction: reference, currency: 'NGN' })).status).toBe(400);
    const byId = await post({ transaction: fake.initialized[0]?.id, amount: 100, customer_note: 'sorry', merchant_note: 'late' });
    expect(byId).toMatchObject({ status: 200, body: { status: true, message: 'Refund has been queued for processing' } });
    // Without an amount Paystack refunds what is left.
    expect(await post({ transaction: reference })).toMatchObject({ status: 200 });
    expect(fake.refunds.map((r) => r.amount)).toEqual([100, TOTAL - 100]);
  });
});

describe('readWebhookEvent', () => {
  const read = (raw: string) => provider().readWebhookEvent(JSON.parse(raw));

  it('charge.success, and other charge events, name the reference', async () => {
    const reference = await started();
    fake.approve(reference);
    expect(read(fake.webhookBody(reference))).toEqual({ kind: 'charge', event: 'charge.success', reference });
    expect(readPaystackEvent({ event: 'charge.failed', data: { reference } })).toEqual({ kind: 'charge', event: 'charge.failed', reference });
  });

  it('refund events as Paystack documents them (transaction_reference, amount as a digit string, no id)', async () => {
    const reference = await started();
    fake.approve(reference);
    await provider().refund({ reference, amountPesewas: 3_000 });
    const id = Number(fake.refunds[0]?.id);
    expect(JSON.parse(fake.refundWebhookBody(id, 'refund.pending')).data.amount).toBe('3000');
    expect(read(fake.refundWebhookBody(id, 'refund.pending'))).toEqual({
      kind: 'refund',
      event: 'refund.pending',
      reference,
      providerRefundId: '',
      amountPesewas: 3_000,
      status: 'pending',
    });
    expect(read(fake.refundWebhookBody(id, 'refund.needs-attention', { withId: true }))).toMatchObject({ providerRefundId: String(id), status: 'pending' });
    expect(read(fake.refundWebhookBody(id, 'refund.processed', { withId: true }))).toEqual({
      kind: 'refund',
      event: 'refund.processed',
      reference,
      providerRefundId: String(id),
      amountPesewas: 3_000,
      status: 'processed',
    });
    expect(fake.refunds[0]?.status).toBe('processed');
  });

  it('refund.failed', async () => {
    const reference = await started();
    fake.approve(reference);
    const made = await provider().refund({ reference, amountPesewas: 500 });
    const body = fake.refundWebhookBody(Number(made.providerRefundId), 'refund.failed');
    expect(JSON.parse(body).data.amount).toBe(500);
    expect(read(body)).toMatchObject({ kind: 'refund', reference, amountPesewas: 500, status: 'failed' });
  });

  it('disputes: create and remind are open, resolve carries the resolution', async () => {
    const reference = await started();
    fake.approve(reference);
    const created = read(fake.disputeWebhookBody(reference, 'charge.dispute.create'));
    const disputeId = String(fake.disputes[0]?.id);
    expect(created).toEqual({
      kind: 'dispute',
      event: 'charge.dispute.create',
      reference,
      providerDisputeId: disputeId,
      amountPesewas: TOTAL,
      status: 'open',
      resolution: null,
    });
    expect(read(fake.disputeWebhookBody(reference, 'charge.dispute.remind'))).toMatchObject({ status: 'open', providerDisputeId: disputeId });
    expect(read(fake.disputeWebhookBody(reference, 'charge.dispute.resolve', { resolution: 'declined' }))).toEqual({
      kind: 'dispute',
      event: 'charge.dispute.resolve',
      reference,
      providerDisputeId: disputeId,
      amountPesewas: TOTAL,
      status: 'resolved',
      resolution: 'declined',
    });
    expect(read(fake.disputeWebhookBody(reference, 'charge.dispute.create', { refundAmount: null }))).toMatchObject({ amountPesewas: null });
  });

  it('the fake signs its bodies like Paystack and the client checks them', async () => {
    const reference = await started();
    fake.approve(reference);
    const { rawBody, signature } = fake.signed(fake.disputeWebhookBody(reference, 'charge.dispute.create'));
    const client = provider();
    expect(client.verifyWebhookSignature(rawBody, signature)).toBe(true);
    expect(client.verifyWebhookSignature(`${rawBody} `, signature)).toBe(false);
    expect(client.verifyWebhookSignature(rawBody, fake.sign(rawBody, 'sk_test_other'))).toBe(false);
    expect(client.verifyWebhookSignature(rawBody, undefined)).toBe(false);
    expect(client.verifyWebhookSignature(rawBody, 'zz')).toBe(false);
  });

  const refundData = { status: 'processed', transaction_reference: 'NK-A-1', refund_reference: 'x', amount: 500, currency: 'GHS' };
  const disputeData = { id: 9, refund_amount: 500, status: 'resolved', resolution: 'merchant-accepted', transaction: { reference: 'NK-A-1' } };

  it.each([
    ['null', null],
    ['an array', [{ event: 'charge.success', data: { reference: 'r' } }]],
    ['a string', 'charge.success'],
    ['no data', { event: 'charge.success' }],
    ['data as an array', { event: 'charge.success', data: [] }],
    ['data null', { event: 'charge.success', data: null }],
    ['no event', { data: { reference: 'r' } }],
    ['an event that is not a string', { event: 7, data: { reference: 'r' } }],
    ['an event with NUL', { event: 'charge.success\u0000', data: { reference: 'r' } }],
    ['a charge without reference', { event: 'charge.success', data: { id: 1 } }],
    ['a charge with an empty reference', { event: 'charge.success', data: { reference: '' } }],
    ['a charge with a numeric reference', { event: 'charge.success', data: { reference: 12 } }],
    ['a charge reference with NUL', { event: 'charge.success', data: { reference: 'NK-A\u0000' } }],
    ['an event the shop does not act on', { event: 'transfer.success', data: { reference: 'r' } }],
    ['an unknown dispute event', { event: 'charge.dispute.update', data: disputeData }],
    ['an unknown refund event', { event: 'refund.created', data: refundData }],
    ['a refund without transaction_reference', { event: 'refund.processed', data: { ...refundData, transaction_reference: null } }],
    ['a refund with a negative amount', { event: 'refund.processed', data: { ...refundData, amount: -500 } }],
    ['a refund with a negative amount string', { event: 'refund.processed', data: { ...refundData, amount: '-500' } }],
    ['a refund with a fractional amount', { event: 'refund.processed', data: { ...refundData, amount: 5.5 } }],
    ['a refund with a decimal string amount', { event: 'refund.processed', data: { ...refundData, amount: '5.50' } }],
    ['a refund without amount', { event: 'refund.processed', data: { ...refundData, amount: undefined } }],
    ['a refund with an id that is not an id', { event: 'refund.processed', data: { ...refundData, id: { x: 1 } } }],
    ['a refund reference with NUL', { event: 'refund.failed', data: { ...refundData, transaction_reference: 'NK\u0000' } }],
    ['a dispute without id', { event: 'charge.dispute.resolve', data: { ...disputeData, id: undefined } }],
    ['a dispute with a negative id', { event: 'charge.dispute.resolve', data: { ...disputeData, id: -9 } }],
    ['a dispute without transaction', { event: 'charge.dispute.create', data: { ...disputeData, transaction: null } }],
    ['a dispute with a negative refund_amount', { event: 'charge.dispute.create', data: { ...disputeData, refund_amount: -1 } }],
    ['a dispute resolution with NUL', { event: 'charge.dispute.resolve', data: { ...disputeData, resolution: 'declined\u0000' } }],
    ['a dispute resolution that is not a string', { event: 'charge.dispute.resolve', data: { ...disputeData, resolution: 3 } }],
  ])('ignores %s', (_name, body) => {
    expect(readPaystackEvent(body)).toBeUndefined();
  });

  it('reads the well-formed counterparts of those bodies', () => {
    expect(readPaystackEvent({ event: 'refund.processed', data: refundData })).toMatchObject({ kind: 'refund', amountPesewas: 500, providerRefundId: '' });
    expect(readPaystackEvent({ event: 'refund.processed', data: { ...refundData, id: 42 } })).toMatchObject({ providerRefundId: '42' });
    expect(readPaystackEvent({ event: 'refund.processed', data: { ...refundData, amount: '0' } })).toMatchObject({ amountPesewas: 0 });
    expect(readPaystackEvent({ event: 'charge.dispute.resolve', data: disputeData })).toMatchObject({
      kind: 'dispute',
      reference: 'NK-A-1',
      providerDisputeId: '9',
      status: 'resolved',
      resolution: 'merchant-accepted',
    });
    // Only transaction_reference: Paystack's samples leave it null beside the transaction, but take it when it is all there is.
    expect(
      readPaystackEvent({ event: 'charge.dispute.create', data: { ...disputeData, transaction: undefined, transaction_reference: 'NK-B-2' } }),
    ).toMatchObject({ reference: 'NK-B-2', status: 'open', resolution: null });
  });
});
