import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's API (https://paystack.com/docs/api/transaction/), speaking the
 * documented protocol of the two calls the shop makes:
 *
 * - `POST /transaction/initialize` with `Authorization: Bearer <secret>` and JSON
 *   `{ email, amount (smallest unit, integer), currency, reference, callback_url, channels, metadata }`
 *   → `{ status: true, message, data: { authorization_url, access_code, reference } }`
 * - `GET /transaction/verify/{reference}`
 *   → `{ status: true, message, data: { status, reference, amount, currency, ... } }`
 *
 * Like real Paystack, a transaction nobody has paid yet verifies as `abandoned`. Tests drive the
 * shopper's side with `approve` / `decline`, break the service with `fail`, and build signed
 * `charge.success` webhooks with `webhookBody` + `sign`.
 */

export type FakeStatus = 'abandoned' | 'success' | 'failed';

export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  /** What the shop asked for at initialize. */
  amount: number;
  currency: string;
  /** What the shopper was actually charged (differs from `amount` only when a test says so). */
  chargedAmount: number;
  chargedCurrency: string;
  status: FakeStatus;
  callbackUrl: string | undefined;
  channels: unknown;
  metadata: unknown;
  paidAt: string | null;
  /** The body the shop sent to initialize, as parsed JSON. */
  body: Record<string, unknown>;
}

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
  /** Every request received (also refused ones), oldest first. */
  readonly requests: FakeRequest[];
  /** The shopper approves the prompt: verify answers `success`, optionally charging other figures. */
  approve(reference: string, charged?: { amount?: number; currency?: string }): void;
  /** The shopper declines (or the wallet is short): verify answers `failed`. */
  decline(reference: string): void;
  /** The next `count` calls answer 500, as if Paystack were down. */
  fail(count: number): void;
  /** A `charge.success` event like Paystack posts to the webhook URL, as the raw JSON string. */
  webhookBody(reference: string, overrides?: { amount?: number; currency?: string; status?: string }): string;
  /** `x-paystack-signature`: HMAC-SHA512 hex of the raw body under the secret key. */
  sign(body: string, secret?: string): string;
  /** Forgets transactions, requests and pending failures (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export function signPaystack(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakePaystack(secretKey = 'sk_test_xxx'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const initialized: FakeTransaction[] = [];
  const requests: FakeRequest[] = [];
  let failNext = 0;
  let nextId = 4_000_000_001;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  function initialize(res: ServerResponse, body: unknown) {
    const input = (body ?? {}) as Record<string, unknown>;
    const { email, amount, currency, reference } = input;
    // Paystack answers 400 { status: false, message } for each of these.
    if (typeof email !== 'string' || !email.includes('@')) return send(res, 400, { status: false, message: 'Invalid Email Address Passed' });
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
    if (currency !== 'GHS') return send(res, 400, { status: false, message: 'Currency not supported by merchant' });
    if (typeof reference !== 'string' || reference === '') return send(res, 400, { status: false, message: 'Invalid reference' });
    if (transactions.has(reference)) return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });

    const accessCode = `ac_${reference
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-10)
      .toLowerCase()}`;
    const tx: FakeTransaction = {
      id: nextId++,
      reference,
      email,
      amount,
      currency,
      chargedAmount: amount,
      chargedCurrency: currency,
      status: 'abandoned',
      callbackUrl: typeof input.callback_url === 'string' ? input.callback_url : undefined,
      channels: input.channels,
      metadata: input.metadata,
      paidAt: null,
      body: input,
    };
    transactions.set(reference, tx);
    initialized.push(tx);
    return send(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function verify(res: ServerResponse, reference: string) {
    const tx = transactions.get(reference);
    if (!tx) return send(res, 404, { status: false, message: 'Transaction reference not found' });
    return send(res, 200, {
      status: true,
      message: 'Verification successful',
      data: {
        id: tx.id,
        domain: 'test',
        status: tx.status,
        reference: tx.reference,
        amount: tx.chargedAmount,
        currency: tx.chargedCurrency,
        channel: 'mobile_money',
        gateway_response: tx.status === 'success' ? 'Approved' : tx.status === 'failed' ? 'Declined' : 'The transaction was not completed',
        paid_at: tx.paidAt,
        metadata: tx.metadata,
        customer: { email: tx.email },
      },
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });

    if (failNext > 0) {
      failNext -= 1;
      return send(res, 500, { status: false, message: 'An error occurred' });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { status: false, message: 'Invalid key' });

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      if (raw !== '' && body === undefined) return send(res, 400, { status: false, message: 'Invalid JSON' });
      return initialize(res, body);
    }
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
    requests,
    approve(reference, charged = {}) {
      const tx = find(reference);
      tx.status = 'success';
      tx.chargedAmount = charged.amount ?? tx.amount;
      tx.chargedCurrency = charged.currency ?? tx.currency;
      tx.paidAt = new Date().toISOString();
    },
    decline(reference) {
      find(reference).status = 'failed';
    },
    fail(count) {
      failNext = count;
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
          customer: { email: tx.email },
        },
      });
    },
    sign(body, secret = secretKey) {
      return signPaystack(body, secret);
    },
    reset() {
      transactions.clear();
      initialized.length = 0;
      requests.length = 0;
      failNext = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
