import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldAnswers, readRequest } from './fake-server';

/**
 * A local stand-in for Hubtel's SMS API, speaking the documented protocol of the one call the shop
 * makes. Sources: https://businessdocs-developers.hubtel.com/docs/simple-messaging ("Simple SEND SMS
 * POST"), .../docs/getting-started-with-sms (authentication), https://hubtel.readme.io/reference/response-code
 * (answer codes), https://docs-developers.hubtel.com (the portal's OpenAPI: `from` "11 alpha-numeric
 * characters or less", `to` "full international format (E164)", answers 201/400/404/429/500).
 *
 * - `POST /v1/messages/send` with `Authorization: Basic base64(clientId:clientSecret)` and
 *   `Content-Type: application/json`, body `{ From, To, Content }` (Hubtel's own pages spell the keys
 *   both `From` and `from`: keys match whatever their case), plus the optional `ClientReference` that the
 *   answer echoes. Any other key: 400, status 7 ("parameters are not allowed").
 * - Success: 201 `{ rate, messageId, status: 0, networkId, clientReference, statusDescription: 'request submitted successfully' }`
 *   (shape 'flat', the business docs' sample), or with shape 'wrapped' the OpenAPI's
 *   `{ message, responseCode: '0000', data: { rate, messageId, status, networkId } }`.
 * - Refusals, as HTTP status + Hubtel sub-code: 401 (authorization failed), 400/100 (malformed: not JSON,
 *   not an object, a required field missing or not a string, wrong content type), 400/1 (`To` not an
 *   international number), 400/2 (`From` not 1–11 letters/digits), 400/6 (empty `Content`), 400/8
 *   (`ClientReference` not a string), 402 (no credit: `setCredit(0)`), 403 (recipient has not approved
 *   messages: `block(number)`); a path other than the send path 404, another method 405.
 *   Error bodies: Hubtel documents only that they are JSON with information about the error; the fake
 *   answers `{ status: <sub-code>, statusDescription }` (flat) or `{ message, responseCode, data: null }` (wrapped).
 * - Hubtel documents no refusal of a repeated ClientReference, so the fake accepts repeats (and counts them).
 *
 * Tests break the service with `fail(status, n)` (Hubtel's own JSON error: 400, 500, 502, 429...: nothing
 * sent), `hang(n)` (never answers until reset or close, nothing sent), `html(n)` (a proxy's 502 page,
 * nothing sent), `loseAnswer(how, n)` (the message IS accepted and counted in `sent`, then its answer
 * is lost: a timeout, a proxy's 5xx page, a 2xx without a message id, a connection reset) and
 * `down()`/`up()` (the port refuses connections).
 */

/** How `loseAnswer` loses the answer of a message the fake accepted. */
export type LostAnswer = 'timeout' | 'proxy-5xx' | 'no-id' | 'reset';

export interface FakeSms {
  /** `To` as received (international digits, e.g. 233241234567). */
  to: string;
  text: string;
  sender: string;
  reference: string | undefined;
  messageId: string;
}

export interface FakeSmsRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  raw: string;
  /** Parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
}

export interface FakeSmsAnswer {
  status: number;
  /** Parsed JSON answer, or the raw text for HTML ones. */
  body: unknown;
}

export interface FakeSmsGateway {
  /** Base URL for `createHubtelSms({ baseUrl })`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** `clientId:clientSecret`, as the provider takes it. */
  readonly apiKey: string;
  /** Messages accepted, oldest first. */
  readonly sent: FakeSms[];
  /** Every request received (also refused, failed and hanging ones), oldest first. */
  readonly requests: FakeSmsRequest[];
  /** Every answer given (not the hanging ones), oldest first. */
  readonly answers: FakeSmsAnswer[];
  /** The next `count` calls answer `status` (default 500) with Hubtel's JSON error, before any check. */
  fail(status?: number, count?: number): void;
  /** The next `count` calls never answer, until the fake is reset or closed. */
  hang(count?: number): void;
  /** The next `count` calls answer 502 with an HTML page, as a proxy in front of Hubtel would. */
  html(count?: number): void;
  /** The next `count` valid sends are accepted (in `sent`) and their answer is lost `how`. */
  loseAnswer(how: LostAnswer, count?: number): void;
  /** Each accepted send's answer waits this long (a slow gateway; 0: at once). */
  setDelay(ms: number): void;
  /** Stops listening (and closes open connections): connections to `url` are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Messages the account can still pay for (default unlimited); at 0 a send answers 402. */
  setCredit(messages: number): void;
  /** This recipient (international digits) has not approved messages: 403. */
  block(recipient: string): void;
  /** Forgets messages, requests, answers, credit, blocks and pending failure modes; drops hanging calls. */
  reset(): void;
  close(): Promise<void>;
}

export const HUBTEL_SEND_PATH = '/v1/messages/send';

const GATEWAY_TIMEOUT_PAGE =
  '<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1></center><hr><center>nginx</center></body></html>';
const BAD_GATEWAY_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** Hubtel's descriptions (hubtel.readme.io/reference/response-code), by HTTP status and sub-code. */
const DESCRIPTIONS: Record<string, string> = {
  '400/100': 'General invalid request. Returned when no data is sent or a malformed request is received.',
  '400/1': "Invalid Destination address received. The recipient's phone number is not a valid phone number",
  '400/2': 'Invalid Source address was sent. You need to be aware of the sender address restrictions.',
  '400/3': 'The message body was too long.',
  '400/6': 'The message content was rejected or is invalid.',
  '400/7': 'One or more parameters are not allowed in the message.',
  '400/8': 'One or more parameters are not valid for the message.',
  '401': 'The request authorization failed.',
  '402': 'Your account does not have enough messaging credit to send the message.',
  '403': 'Forbidden. It means that the recipient has not given his/her approval to receive messages.',
  '404': 'The specified message was not found.',
  '405': 'Method not allowed.',
  '429': 'Too many requests.',
  '500': 'The request failed on the server.',
  '502': 'Bad Gateway. The server could not find any appropriate gateway for the request.',
};

const ALLOWED_KEYS = new Set(['from', 'to', 'content', 'clientreference']);

export async function createFakeSmsGateway(
  options: { clientId?: string; clientSecret?: string; shape?: 'flat' | 'wrapped'; port?: number } = {},
): Promise<FakeSmsGateway> {
  const clientId = options.clientId ?? 'fakeclnt';
  const clientSecret = options.clientSecret ?? 'fakesecret42';
  const shape = options.shape ?? 'flat';
  const expectedAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  const sent: FakeSms[] = [];
  const requests: FakeSmsRequest[] = [];
  const answers: FakeSmsAnswer[] = [];
  const hanging = heldAnswers();
  const blocked = new Set<string>();
  let credit = Number.POSITIVE_INFINITY;
  let failNext = 0;
  let failStatus = 500;
  let hangNext = 0;
  let htmlNext = 0;
  let lose: LostAnswer[] = [];
  let delayMs = 0;

  function send(res: ServerResponse, status: number, body: unknown) {
    answers.push({ status, body });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  /** A refusal as Hubtel words it: HTTP status, the sub-code (for 400s), the description. */
  function refuse(res: ServerResponse, status: number, subCode?: number, detail?: string) {
    const key = subCode === undefined ? String(status) : `${status}/${subCode}`;
    const description = `${DESCRIPTIONS[key] ?? DESCRIPTIONS[String(status)] ?? 'Error'}${detail ? ` (${detail})` : ''}`;
    const code = subCode ?? status;
    if (shape === 'wrapped') return send(res, status, { message: description, responseCode: String(code), data: null });
    return send(res, status, { status: code, statusDescription: description });
  }

  async function accept(res: ServerResponse, fields: { from: string; to: string; content: string; reference: string | undefined }) {
    const messageId = randomUUID();
    sent.push({ to: fields.to, text: fields.content, sender: fields.from, reference: fields.reference, messageId });
    if (Number.isFinite(credit)) credit -= 1;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const lost = lose.shift();
    if (lost === 'timeout') return holdOpen(res);
    if (lost === 'reset') return res.socket?.destroy();
    if (lost === 'proxy-5xx') {
      answers.push({ status: 504, body: GATEWAY_TIMEOUT_PAGE });
      res.writeHead(504, { 'Content-Type': 'text/html' });
      return res.end(GATEWAY_TIMEOUT_PAGE);
    }
    if (lost === 'no-id') return send(res, 200, { status: 0, statusDescription: 'request submitted successfully' });
    const networkId = '62001';
    if (shape === 'wrapped') {
      return send(res, 201, { message: 'Success', responseCode: '0000', data: { rate: 0.0309, messageId, status: '0', networkId } });
    }
    return send(res, 201, {
      rate: 0.0309,
      messageId,
      status: 0,
      networkId,
      clientReference: fields.reference ?? null,
      statusDescription: 'request submitted successfully',
    });
  }

  function handleSend(req: IncomingMessage, res: ServerResponse, raw: string, body: unknown) {
    if (req.headers.authorization !== expectedAuth) return refuse(res, 401);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') return refuse(res, 400, 100, 'Content-Type must be application/json');
    if (raw.trim() === '' || body === undefined) return refuse(res, 400, 100, 'the body is not JSON');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(res, 400, 100, 'the body is not a JSON object');

    const fields = new Map<string, unknown>();
    for (const [key, value] of Object.entries(body)) {
      const lower = key.toLowerCase();
      if (!ALLOWED_KEYS.has(lower)) return refuse(res, 400, 7, key);
      if (fields.has(lower)) return refuse(res, 400, 100, `${key} given twice`);
      fields.set(lower, value);
    }
    for (const name of ['from', 'to', 'content'] as const) {
      if (typeof fields.get(name) !== 'string') return refuse(res, 400, 100, `${name} is required and must be a string`);
    }
    const from = fields.get('from') as string;
    const to = fields.get('to') as string;
    const content = fields.get('content') as string;
    const reference = fields.get('clientreference');
    if (!/^[A-Za-z0-9]{1,11}$/.test(from)) return refuse(res, 400, 2, 'From must be 11 alpha-numeric characters or less');
    if (!/^\+?[1-9]\d{7,14}$/.test(to)) return refuse(res, 400, 1, 'To must be in full international format');
    if (content.trim() === '') return refuse(res, 400, 6, 'Content is empty');
    if (reference !== undefined && typeof reference !== 'string') return refuse(res, 400, 8, 'ClientReference must be a string');
    const recipient = to.replace(/^\+/, '');
    if (blocked.has(recipient)) return refuse(res, 403);
    if (credit <= 0) return refuse(res, 402);
    return accept(res, { from, to, content, reference });
  }

  const holdOpen = hanging.hold;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const { raw, body } = await readRequest(req);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      raw,
      body,
    });

    if (hangNext > 0) {
      hangNext -= 1;
      return holdOpen(res);
    }
    if (htmlNext > 0) {
      htmlNext -= 1;
      answers.push({ status: 502, body: BAD_GATEWAY_PAGE });
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(BAD_GATEWAY_PAGE);
      return;
    }
    if (failNext > 0) {
      failNext -= 1;
      return refuse(res, failStatus);
    }
    if (url.pathname !== HUBTEL_SEND_PATH) return refuse(res, 404);
    if (req.method !== 'POST') return refuse(res, 405);
    return handleSend(req, res, raw, body);
  });

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const stopListening = () => {
    hanging.drop();
    server.closeAllConnections();
    return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    apiKey: `${clientId}:${clientSecret}`,
    sent,
    requests,
    answers,
    fail(status = 500, count = 1) {
      failStatus = status;
      failNext = count;
    },
    hang(count = 1) {
      hangNext = count;
    },
    html(count = 1) {
      htmlNext = count;
    },
    loseAnswer(how, count = 1) {
      lose = Array.from({ length: count }, () => how);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    async down() {
      await stopListening();
      // A client's kept-alive socket learns of the close a moment later; one reused before then breaks
      // after its request went ("other side closed": an unknown outcome, not a refused connection).
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    up: () => (server.listening ? Promise.resolve() : listen(port)),
    setCredit(messages) {
      credit = messages;
    },
    block(recipient) {
      blocked.add(recipient.replace(/^\+/, ''));
    },
    reset() {
      sent.length = 0;
      requests.length = 0;
      answers.length = 0;
      blocked.clear();
      credit = Number.POSITIVE_INFINITY;
      failNext = 0;
      failStatus = 500;
      hangNext = 0;
      htmlNext = 0;
      lose = [];
      delayMs = 0;
      hanging.drop();
    },
    close: () => (server.listening ? stopListening() : Promise.resolve()),
  };
}
