import { createHmac } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldAnswers, readRequest } from './fake-server';

/**
 * A local stand-in for Paystack's API, speaking the published protocol (PaystackOSS/openapi) of the
 * calls the shop makes:
 *
 * - `POST /transaction/initialize` with `Authorization: Bearer <secret>` and JSON
 *   `{ email, amount (smallest unit, integer), currency, reference, callback_url, channels, metadata }`
 *   → `{ status: true, message, data: { authorization_url, access_code, reference } }`
 * - `GET /transaction/verify/{reference}`
 *   → `{ status: true, message, data: { status, reference, amount, requested_amount, fees, currency, ... } }`
 *   (`amount` is what was charged, `requested_amount` what initialize asked; 404 for an unknown reference)
 * - `POST /refund` with `{ transaction (reference or id), amount?, currency?, customer_note?, merchant_note? }`
 *   → `{ status: true, message: 'Refund has been queued for processing', data: { id, status: 'pending', amount, transaction: {...}, ... } }`
 *
 * - `POST /charge` with `{ email, amount, currency, reference, mobile_money: { phone, provider }, metadata }`
 *   → `{ status: true, message: 'Charge attempted', data: { reference, status, display_text } }`, status
 *   `pay_offline` (MTN, AirtelTigo) or `send_otp` (Telecel's voucher) as in the doc snippets
 *   payments/payment-methods/mobile-*, or whatever `nextCharge` sets; 400 for a malformed request
 * - `POST /charge/submit_otp` with `{ otp, reference }`; `GET /charge/{reference}` (404 when unknown)
 *
 * Like real Paystack, a transaction nobody has paid yet verifies as `abandoned`. Tests drive the
 * shopper's side with `approve` / `decline` / `setStatus`, break the service with `fail`, `hang` and
 * `html`, and build signed webhooks (shaped as in PaystackOSS/doc-code-snippets) with `webhookBody`,
 * `refundWebhookBody`, `disputeWebhookBody` + `sign` (or `signed`).
 */

/** Paystack's transaction states; everything but success, failed and reversed is unfinished. */
export type FakeStatus = 'abandoned' | 'success' | 'failed' | 'reversed' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'send_otp';

export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  /** What the shop asked for at initialize (verify's `requested_amount`). */
  amount: number;
  currency: string;
  /** What the shopper was actually charged (verify's `amount`); more than `amount` when fees are passed on. */
  chargedAmount: number;
  chargedCurrency: string;
  /** Paystack's fee on the charge (verify's `fees`); null until charged. */
  fees: number | null;
  status: FakeStatus;
  callbackUrl: string | undefined;
  channels: unknown;
  metadata: unknown;
  paidAt: string | null;
  /** The body the shop sent to initialize or charge, as parsed JSON. */
  body: Record<string, unknown>;
  /** Charges: the wallet, and the network's words on a failed one. */
  mobileMoney?: { phone: string; provider: string };
  gatewayResponse?: string;
}

/** How the fake answers the next `POST /charge` (default: by network, `send_otp` for vod, else `pay_offline`). */
export type FakeChargeAnswer =
  | { status: 'pay_offline' | 'send_otp' | 'pending' | 'success'; displayText?: string; timer?: number }
  | { status: 'failed'; message: string }
  | { refuse: string };

/** Paystack's refund states. */
export type FakeRefundStatus = 'pending' | 'processing' | 'needs-attention' | 'processed' | 'failed';

export interface FakeRefund {
  id: number;
  /** The refunded transaction's reference. */
  reference: string;
  transactionId: number;
  amount: number;
  currency: string;
  status: FakeRefundStatus;
  customerNote: string;
  merchantNote: string;
  /** The body the shop sent to POST /refund, as parsed JSON. */
  body: Record<string, unknown>;
}

export interface FakeDispute {
  id: number;
  reference: string;
  transactionId: number;
  /** Paystack's `refund_amount`: what the customer claims back (null when not set). */
  refundAmount: number | null;
  currency: string;
  /** `awaiting-merchant-feedback`, ..., `resolved`. */
  status: string;
  /** Once resolved: `merchant-accepted`, `declined`, `auto-accepted`... */
  resolution: string | null;
}

export type FakeRefundEvent = 'refund.pending' | 'refund.processing' | 'refund.needs-attention' | 'refund.processed' | 'refund.failed';
export type FakeDisputeEvent = 'charge.dispute.create' | 'charge.dispute.remind' | 'charge.dispute.resolve';

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Parsed JSON body, or undefined when there was none (or it was not JSON). */
  body: unknown;
}

export interface FakePaystack {
  /** Base URL to hand to `paystackProvider({ baseUrl })`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly secretKey: string;
  /** Transactions accepted by initialize, oldest first. */
  readonly initialized: FakeTransaction[];
  /** Transactions accepted by POST /charge, oldest first. */
  readonly charged: FakeTransaction[];
  /** How the next `POST /charge` answers (once). */
  nextCharge(answer: FakeChargeAnswer): void;
  /** The code `submit_otp` accepts (default 123456); `otpThen` the state after it (default `pay_offline`). */
  setOtp(otp: string, otpThen?: 'pay_offline' | 'success'): void;
  /** Refunds accepted by POST /refund, oldest first. */
  readonly refunds: FakeRefund[];
  /** Disputes opened by `disputeWebhookBody(…, 'charge.dispute.create')`, oldest first. */
  readonly disputes: FakeDispute[];
  /** Every request received (also refused, failed and hanging ones), oldest first. */
  readonly requests: FakeRequest[];
  /**
   * The shopper approves: verify answers `success`. `amount` is what was charged (more than asked when
   * fees are passed on to the customer), `fees` Paystack's fee (default: the part above what was asked,
   * else 1.95 %). Works after a decline too (the shopper retried on the same transaction).
   */
  approve(reference: string, charged?: { amount?: number; currency?: string; fees?: number }): void;
  /** The shopper declines (or the wallet is short): verify answers `failed`, with the network's words if given. */
  decline(reference: string, gatewayResponse?: string): void;
  /** Any Paystack state, e.g. `ongoing`, `send_otp`, `reversed`. */
  setStatus(reference: string, status: FakeStatus): void;
  /** The next `count` calls answer 500 with Paystack's JSON error, as if Paystack were down. */
  fail(count: number): void;
  /** The next `count` calls never answer, until the fake is reset or closed. */
  hang(count: number): void;
  /** The next `count` calls are carried out, but their answers are lost on the way back (the connection drops). */
  loseAnswers(count: number): void;
  /** The next `count` calls answer 502 with an HTML page, as a proxy in front of Paystack would. */
  html(count: number): void;
  /** A `charge.success` event like Paystack posts to the webhook URL, as the raw JSON string. */
  webhookBody(reference: string, overrides?: { amount?: number; currency?: string; status?: string }): string;
  /**
   * A refund event for a refund made through POST /refund, shaped as Paystack documents it:
   * `data.transaction_reference`, `refund_reference`, `amount` (a digit string in pending, processing and
   * processed events, a number in failed ones, as in the published samples) and no refund id unless
   * `withId` (then `data.id` as a string, as in the needs-attention sample). Moves the refund to the
   * event's state; a processed refund that completes the charged amount makes the transaction `reversed`.
   */
  refundWebhookBody(refundId: number, event: FakeRefundEvent, options?: { withId?: boolean; amount?: number | string }): string;
  /**
   * A dispute event, shaped as Paystack documents it (`data.id`, `refund_amount`, `status`,
   * `resolution`, the transaction under `data.transaction` with its `reference`). `create` opens a new
   * dispute (refund_amount defaults to the charged amount); `remind` and `resolve` use the reference's
   * latest dispute. `resolve` defaults to `merchant-accepted`; an accepted full claim makes the
   * transaction `reversed`.
   */
  disputeWebhookBody(reference: string, event: FakeDisputeEvent, options?: { refundAmount?: number | null; resolution?: string }): string;
  /** `x-paystack-signature`: HMAC-SHA512 hex of the raw body under the secret key. */
  sign(body: string, secret?: string): string;
  /** A body with its signature, ready for the webhook route. */
  signed(body: string, secret?: string): { rawBody: string; signature: string };
  /** Forgets transactions, refunds, disputes, requests and pending failure modes; drops hanging calls. */
  reset(): void;
  close(): Promise<void>;
}

export function signPaystack(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

const CHANNELS = new Set(['card', 'bank', 'ussd', 'qr', 'eft', 'mobile_money', 'bank_transfer', 'apple_pay']);
const REFUND_FIELDS = new Set(['transaction', 'amount', 'currency', 'customer_note', 'merchant_note']);
const BAD_GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n';

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakePaystack(secretKey = 'sk_test_xxx'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const initialized: FakeTransaction[] = [];
  const charged: FakeTransaction[] = [];
  let chargeAnswer: FakeChargeAnswer | undefined;
  let validOtp = '123456';
  let afterOtp: 'pay_offline' | 'success' = 'pay_offline';
  const refunds: FakeRefund[] = [];
  const disputes: FakeDispute[] = [];
  const requests: FakeRequest[] = [];
  const hanging = heldAnswers();
  let failNext = 0;
  let hangNext = 0;
  let htmlNext = 0;
  let loseNext = 0;
  /** Requests carried out whose answers never leave. */
  const lost = new WeakSet<ServerResponse>();
  let nextId = 4_000_000_001;
  let nextRefundId = 3_018_284;
  let nextDisputeId = 358_950;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (lost.has(res)) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // Paystack's 4xx answers: { status: false, message, type, code }.
  const refuse = (res: ServerResponse, status: number, message: string, code?: string, type = 'validation_error') =>
    send(res, status, { status: false, message, meta: { nextStep: 'Check the request and try again' }, type, ...(code ? { code } : {}) });

  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

  /** What is left to refund: the charged amount less every refund not failed. */
  const refundable = (tx: FakeTransaction) =>
    tx.chargedAmount - refunds.filter((r) => r.transactionId === tx.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

  function transactionView(tx: FakeTransaction) {
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount: tx.chargedAmount,
      message: null,
      gateway_response:
        tx.status === 'success' ? 'Approved' : tx.status === 'failed' ? (tx.gatewayResponse ?? 'Declined') : 'The transaction was not completed',
      paid_at: tx.paidAt,
      created_at: new Date().toISOString(),
      channel: 'mobile_money',
      currency: tx.chargedCurrency,
      ip_address: null,
      metadata: tx.metadata,
      log: null,
      fees: tx.fees,
      fees_split: null,
      authorization: {},
      customer: { email: tx.email, international_format_phone: null },
      plan: null,
      split: {},
      order_id: null,
      paidAt: tx.paidAt,
      createdAt: new Date().toISOString(),
      requested_amount: tx.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
    };
  }

  type Basics = { email: string; amount: number; currency: string; reference: string };
  /** What initialize and charge both require; Paystack answers 400 { status: false, message } for each. */
  function paymentBasics(input: Record<string, unknown>): Basics | { refusal: [string, string?] } {
    const { email, amount, currency, reference } = input;
    if (typeof email !== 'string' || !email.includes('@')) return { refusal: ['Invalid Email Address Passed'] };
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return { refusal: ['Invalid Amount Sent'] };
    if (currency !== 'GHS') return { refusal: ['Currency not supported by merchant', 'unsupported_currency'] };
    if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference)) return { refusal: ['Invalid reference'] };
    return { email, amount, currency, reference };
  }

  function newTransaction(
    input: Record<string, unknown>,
    basics: Basics,
    rest: Pick<FakeTransaction, 'status' | 'callbackUrl' | 'channels'> & Partial<Pick<FakeTransaction, 'mobileMoney'>>,
  ): FakeTransaction {
    return {
      id: nextId++,
      ...basics,
      chargedAmount: basics.amount,
      chargedCurrency: basics.currency,
      fees: null,
      metadata: input.metadata,
      paidAt: null,
      body: input,
      ...rest,
    };
  }

  /** The shopper paid: `amount` charged (more than asked when fees are passed on), Paystack's `fees` on it. */
  function settle(tx: FakeTransaction, charged: { amount?: number; currency?: string; fees?: number } = {}): void {
    tx.status = 'success';
    tx.chargedAmount = charged.amount ?? tx.amount;
    tx.chargedCurrency = charged.currency ?? tx.currency;
    tx.fees = charged.fees ?? (tx.chargedAmount > tx.amount ? tx.chargedAmount - tx.amount : Math.round(tx.chargedAmount * 0.0195));
    tx.paidAt = new Date().toISOString();
  }

  function initialize(res: ServerResponse, body: unknown) {
    const input = isObject(body) ? body : {};
    const { channels, callback_url } = input;
    const basics = paymentBasics(input);
    if ('refusal' in basics) return refuse(res, 400, ...basics.refusal);
    const { reference } = basics;
    if (channels !== undefined && (!Array.isArray(channels) || !channels.every((c) => typeof c === 'string' && CHANNELS.has(c)))) {
      return refuse(res, 400, 'Invalid channels');
    }
    if (callback_url !== undefined && (typeof callback_url !== 'string' || !/^https?:\/\//.test(callback_url))) return refuse(res, 400, 'Invalid callback url');
    if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference', 'duplicate_reference');

    const accessCode = `ac_${reference
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-10)
      .toLowerCase()}`;
    const tx = newTransaction(input, basics, { status: 'abandoned', callbackUrl: typeof callback_url === 'string' ? callback_url : undefined, channels });
    transactions.set(reference, tx);
    initialized.push(tx);
    return send(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference },
    });
  }

  const NETWORKS = new Set(['mtn', 'vod', 'atl']);
  const PROMPT = 'Please complete authorization process on your mobile phone';
  const VOUCHER = 'Please dial *110# to generate a voucher code. Then input the voucher';

  /** A charge step as Paystack answers it: `data.status` and the network's `display_text`. */
  function chargeData(tx: FakeTransaction, status: string, extra: Record<string, unknown> = {}) {
    return { status: true, message: 'Charge attempted', data: { reference: tx.reference, status, ...extra } };
  }

  function charge(res: ServerResponse, body: unknown) {
    const input = isObject(body) ? body : {};
    const { mobile_money, metadata } = input;
    const basics = paymentBasics(input);
    if ('refusal' in basics) return refuse(res, 400, ...basics.refusal);
    const { amount, reference } = basics;
    if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference', 'duplicate_reference');
    if (!isObject(mobile_money)) return refuse(res, 400, 'Please provide mobile_money details');
    const { phone, provider } = mobile_money;
    if (typeof provider !== 'string' || !NETWORKS.has(provider)) return refuse(res, 400, 'Invalid provider');
    if (typeof phone !== 'string' || !/^0\d{9}$/.test(phone)) return refuse(res, 400, 'Invalid phone number');
    if (metadata !== undefined && !isObject(metadata)) return refuse(res, 400, 'Invalid metadata');
    const answer: FakeChargeAnswer = chargeAnswer ?? { status: provider === 'vod' ? 'send_otp' : 'pay_offline' };
    chargeAnswer = undefined;
    if ('refuse' in answer) return refuse(res, 400, answer.refuse);

    const tx = newTransaction(input, basics, { status: 'ongoing', callbackUrl: undefined, channels: ['mobile_money'], mobileMoney: { phone, provider } });
    transactions.set(reference, tx);
    charged.push(tx);
    if (answer.status === 'failed') {
      tx.status = 'failed';
      tx.gatewayResponse = answer.message;
      return send(res, 200, chargeData(tx, 'failed', { message: answer.message, gateway_response: answer.message }));
    }
    if (answer.status === 'success') {
      settle(tx);
      return send(res, 200, chargeData(tx, 'success', { amount, currency: basics.currency, gateway_response: 'Approved' }));
    }
    tx.status = answer.status === 'send_otp' ? 'send_otp' : answer.status === 'pending' ? 'pending' : 'ongoing';
    const displayText = answer.displayText ?? (answer.status === 'send_otp' ? VOUCHER : PROMPT);
    const display = answer.timer ? { display: { type: 'pop', message: displayText, timer: answer.timer } } : {};
    return send(res, 200, chargeData(tx, answer.status, answer.status === 'pending' ? display : { display_text: displayText, ...display }));
  }

  function submitOtp(res: ServerResponse, body: unknown) {
    const input = isObject(body) ? body : {};
    const { otp, reference } = input;
    if (typeof otp !== 'string' || otp === '') return refuse(res, 400, 'OTP is required');
    if (typeof reference !== 'string') return refuse(res, 400, 'Reference is required');
    const tx = transactions.get(reference);
    if (!tx) return refuse(res, 404, 'Transaction reference not found', 'transaction_not_found');
    if (tx.status !== 'send_otp') return refuse(res, 400, 'Transaction is not awaiting an OTP');
    if (otp !== validOtp) return send(res, 200, chargeData(tx, 'failed', { message: 'Incorrect OTP', gateway_response: 'Incorrect OTP' }));
    if (afterOtp === 'success') {
      settle(tx);
      return send(res, 200, chargeData(tx, 'success', { gateway_response: 'Approved' }));
    }
    tx.status = 'ongoing';
    return send(res, 200, chargeData(tx, 'pay_offline', { display_text: PROMPT }));
  }

  function checkCharge(res: ServerResponse, reference: string) {
    const tx = transactions.get(reference);
    if (!tx) return refuse(res, 404, 'Transaction reference not found', 'transaction_not_found');
    const status = tx.status === 'ongoing' ? 'pay_offline' : tx.status;
    const view = transactionView(tx);
    return send(res, 200, {
      status: true,
      message: 'Charge attempted',
      data: { ...view, status, ...(status === 'pay_offline' ? { display_text: PROMPT } : {}) },
    });
  }

  function verify(res: ServerResponse, reference: string) {
    const tx = transactions.get(reference);
    if (!tx) return refuse(res, 404, 'Transaction reference not found', 'transaction_not_found');
    return send(res, 200, { status: true, message: 'Verification successful', data: transactionView(tx) });
  }

  function refund(res: ServerResponse, body: unknown) {
    if (!isObject(body)) return refuse(res, 400, 'Transaction reference or id is required');
    const unknown = Object.keys(body).find((key) => !REFUND_FIELDS.has(key));
    if (unknown) return refuse(res, 400, `${unknown} is not allowed`);
    const { transaction, amount, currency, customer_note, merchant_note } = body;
    if (transaction === undefined || transaction === null || transaction === '') return refuse(res, 400, 'Transaction reference or id is required');
    if (typeof transaction !== 'string' && typeof transaction !== 'number') return refuse(res, 400, 'Transaction reference or id is required');
    // `transaction` is the reference, or the transaction's numeric id.
    const tx =
      (typeof transaction === 'string' ? transactions.get(transaction) : undefined) ??
      initialized.find((t) => String(t.id) === String(transaction) && /^\d+$/.test(String(transaction)));
    if (!tx) return refuse(res, 400, 'Transaction not found', 'transaction_not_found');
    if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)) return refuse(res, 400, 'Invalid amount');
    if (currency !== undefined && currency !== tx.chargedCurrency) return refuse(res, 400, 'Currency does not match the transaction currency');
    if (customer_note !== undefined && typeof customer_note !== 'string') return refuse(res, 400, 'customer_note must be a string');
    if (merchant_note !== undefined && typeof merchant_note !== 'string') return refuse(res, 400, 'merchant_note must be a string');
    if (tx.status === 'reversed') return refuse(res, 400, 'Transaction has been fully reversed', 'transaction_reversed', 'api_error');
    if (tx.status !== 'success') return refuse(res, 400, 'Cannot refund a transaction that was not successful', 'transaction_not_successful');
    const left = refundable(tx);
    if (left <= 0) return refuse(res, 400, 'Transaction has been fully reversed', 'transaction_reversed', 'api_error');
    const wanted = typeof amount === 'number' ? amount : left;
    if (wanted > tx.chargedAmount) return refuse(res, 400, 'Refund amount cannot be more than the original transaction amount');
    if (wanted > left) return refuse(res, 400, `Refund amount cannot be more than the ${left} left to refund`);

    const made: FakeRefund = {
      id: nextRefundId++,
      reference: tx.reference,
      transactionId: tx.id,
      amount: wanted,
      currency: tx.chargedCurrency,
      status: 'pending',
      customerNote: typeof customer_note === 'string' ? customer_note : `Refund for transaction ${tx.reference}`,
      merchantNote: typeof merchant_note === 'string' ? merchant_note : `Refund for transaction ${tx.reference} by shop@example.com`,
      body,
    };
    refunds.push(made);
    const now = new Date().toISOString();
    return send(res, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: tx.id,
          domain: 'test',
          reference: tx.reference,
          amount: tx.chargedAmount,
          paid_at: tx.paidAt,
          channel: 'mobile_money',
          currency: tx.chargedCurrency,
          authorization: { exp_month: null, exp_year: null, account_name: null },
          customer: { international_format_phone: null },
          plan: {},
          subaccount: { currency: null },
          split: {},
          order_id: null,
          paidAt: tx.paidAt,
          pos_transaction_data: null,
          source: null,
          fees_breakdown: null,
        },
        integration: 412829,
        deducted_amount: 0,
        channel: null,
        merchant_note: made.merchantNote,
        customer_note: made.customerNote,
        status: made.status,
        refunded_by: 'shop@example.com',
        expected_at: new Date(Date.now() + 9 * 86_400_000).toISOString(),
        currency: made.currency,
        domain: 'test',
        amount: made.amount,
        fully_deducted: false,
        id: made.id,
        createdAt: now,
        updatedAt: now,
      },
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const { raw, body } = await readRequest(req);
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });

    if (hangNext > 0) {
      hangNext -= 1;
      hanging.hold(res);
      return;
    }
    if (htmlNext > 0) {
      htmlNext -= 1;
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(BAD_GATEWAY_PAGE);
      return;
    }
    if (loseNext > 0) {
      loseNext -= 1;
      lost.add(res);
    }
    if (failNext > 0) {
      failNext -= 1;
      return send(res, 500, { status: false, message: 'An error occurred' });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key', 'invalid_Key', 'api_error');
    if (raw !== '' && body === undefined) return refuse(res, 400, 'Invalid JSON');

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') return initialize(res, body);
    if (req.method === 'POST' && url.pathname === '/refund') return refund(res, body);
    if (req.method === 'POST' && url.pathname === '/charge') return charge(res, body);
    if (req.method === 'POST' && url.pathname === '/charge/submit_otp') return submitOtp(res, body);
    const chargePath = /^\/charge\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && chargePath) return checkCharge(res, decodeURIComponent(chargePath[1] ?? ''));
    const verifyPath = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verifyPath) return verify(res, decodeURIComponent(verifyPath[1] ?? ''));
    return send(res, 404, { status: false, message: 'Not found' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const find = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`fake Paystack: no transaction ${reference}`);
    return tx;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    initialized,
    charged,
    nextCharge(answer) {
      chargeAnswer = answer;
    },
    setOtp(otp, then = 'pay_offline') {
      validOtp = otp;
      afterOtp = then;
    },
    refunds,
    disputes,
    requests,
    approve(reference, charged = {}) {
      settle(find(reference), charged);
    },
    decline(reference, gatewayResponse) {
      const tx = find(reference);
      tx.status = 'failed';
      tx.gatewayResponse = gatewayResponse;
    },
    setStatus(reference, status) {
      find(reference).status = status;
    },
    fail(count) {
      failNext = count;
    },
    hang(count) {
      hangNext = count;
    },
    html(count) {
      htmlNext = count;
    },
    loseAnswers(count) {
      loseNext = count;
    },
    webhookBody(reference, overrides = {}) {
      const tx = find(reference);
      return JSON.stringify({
        event: 'charge.success',
        data: {
          id: tx.id,
          domain: 'test',
          status: overrides.status ?? 'success',
          reference: tx.reference,
          amount: overrides.amount ?? tx.chargedAmount,
          currency: overrides.currency ?? tx.chargedCurrency,
          channel: 'mobile_money',
          gateway_response: 'Approved',
          paid_at: tx.paidAt ?? new Date().toISOString(),
          metadata: tx.metadata,
          fees: tx.fees,
          requested_amount: tx.amount,
          customer: { email: tx.email },
        },
      });
    },
    refundWebhookBody(refundId, event, options = {}) {
      const made = refunds.find((r) => r.id === refundId);
      if (!made) throw new Error(`fake Paystack: no refund ${refundId}`);
      const tx = find(made.reference);
      made.status = event.slice('refund.'.length) as FakeRefundStatus;
      const processed = refunds.filter((r) => r.transactionId === tx.id && r.status === 'processed').reduce((sum, r) => sum + r.amount, 0);
      if (made.status === 'processed' && processed >= tx.chargedAmount) tx.status = 'reversed';
      const settled = made.status === 'processed' || made.status === 'failed';
      return JSON.stringify({
        event,
        data: {
          status: made.status,
          transaction_reference: made.reference,
          refund_reference: settled ? `TRF_${made.id.toString(36)}` : null,
          amount: options.amount ?? (made.status === 'failed' ? made.amount : String(made.amount)),
          currency: made.currency,
          processor: 'mobile_money',
          customer: { first_name: null, last_name: null, email: tx.email },
          integration: 412829,
          domain: 'test',
          ...(options.withId ? { id: String(made.id), customer_note: made.customerNote, merchant_note: made.merchantNote } : {}),
        },
      });
    },
    disputeWebhookBody(reference, event, options = {}) {
      const tx = find(reference);
      let dispute = disputes.findLast((d) => d.reference === reference);
      if (event === 'charge.dispute.create') {
        dispute = {
          id: nextDisputeId++,
          reference,
          transactionId: tx.id,
          refundAmount: options.refundAmount === undefined ? tx.chargedAmount : options.refundAmount,
          currency: tx.chargedCurrency,
          status: 'awaiting-merchant-feedback',
          resolution: null,
        };
        disputes.push(dispute);
      } else if (!dispute) {
        throw new Error(`fake Paystack: no dispute on ${reference}`);
      } else {
        if (options.refundAmount !== undefined) dispute.refundAmount = options.refundAmount;
        if (event === 'charge.dispute.resolve') {
          dispute.status = 'resolved';
          dispute.resolution = options.resolution ?? 'merchant-accepted';
          if (/accepted$/.test(dispute.resolution) && (dispute.refundAmount ?? 0) >= tx.chargedAmount) tx.status = 'reversed';
        }
      }
      const now = new Date().toISOString();
      return JSON.stringify({
        event,
        data: {
          id: dispute.id,
          refund_amount: dispute.refundAmount,
          currency: dispute.currency,
          status: dispute.status,
          resolution: dispute.resolution,
          domain: 'test',
          transaction: transactionView(tx),
          transaction_reference: null,
          category: 'chargeback',
          customer: { email: tx.email, international_format_phone: null },
          dueAt: new Date(Date.now() + 86_400_000).toISOString(),
          resolvedAt: dispute.status === 'resolved' ? now : null,
          evidence: null,
          attachments: null,
          note: null,
          history: [{ status: 'pending', by: tx.email, createdAt: now }],
          messages: [{ sender: tx.email, body: 'Customer complained about debit without value', createdAt: now }],
          created_at: now,
          updated_at: now,
        },
      });
    },
    sign(body, secret = secretKey) {
      return signPaystack(body, secret);
    },
    signed(body, secret = secretKey) {
      return { rawBody: body, signature: signPaystack(body, secret) };
    },
    reset() {
      transactions.clear();
      initialized.length = 0;
      charged.length = 0;
      chargeAnswer = undefined;
      validOtp = '123456';
      afterOtp = 'pay_offline';
      refunds.length = 0;
      disputes.length = 0;
      requests.length = 0;
      failNext = 0;
      hangNext = 0;
      htmlNext = 0;
      loseNext = 0;
      hanging.drop();
    },
    close() {
      hanging.drop();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
