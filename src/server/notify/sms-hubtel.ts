import { type OutgoingSms, SendFailure, type SentReceipt, type SmsChannel } from './channel';

/**
 * Hubtel's SMS API, "Simple SEND SMS POST" (https://businessdocs-developers.hubtel.com/docs/simple-messaging,
 * authentication in .../docs/getting-started-with-sms, answer codes in https://hubtel.readme.io/reference/response-code):
 *
 * - `POST https://sms.hubtel.com/v1/messages/send`, `Authorization: Basic base64(clientId:clientSecret)`,
 *   `Content-Type: application/json`, body `{ From, To, Content }`; we add `ClientReference` (the outbox
 *   row's id), which the documented answer echoes as `clientReference` (see /work/notes/sms.md).
 * - `From`: "11 alpha-numeric characters or less; subject to approval by Hubtel".
 * - `To`: the recipient's international number; Hubtel's samples write it without the plus (233546335113).
 * - Success: 200/201 with `{ rate, messageId, status: 0, networkId, clientReference, statusDescription }`
 *   (the developer portal's OpenAPI wraps the same fields as `{ message, responseCode, data: { messageId, ... } }`;
 *   both are read).
 * - Refusals: 400 (with a sub-code: 1 bad destination, 2 bad sender, 3 too long, 4 not routable, 6 content
 *   rejected, 7/8 parameters not allowed / not valid, 100 malformed), 401 authorization failed, 402 not
 *   enough credit, 403 recipient has not approved messages. 429 and Hubtel's own 5xx (500 "the request failed
 *   on the server", 502 "could not find any appropriate gateway") are passing: tried again.
 *
 * Hubtel documents no refusal of a repeated ClientReference and no lookup by it (its status check takes the
 * messageId we never got): a send repeated after a lost answer can reach the phone twice (`dedupesByReference:
 * false`). So an answer that leaves it open whether Hubtel took the message (a timeout, a 5xx without Hubtel's
 * JSON, a 2xx without a message id, a connection broken after the request went) is an `unknown` outcome, never
 * retried by itself; only a connection never made, a 429, Hubtel's own 5xx or a proxy's 4xx is retried.
 * The table and its sources: docs/sms-delivery.md.
 */
export interface HubtelSmsOptions {
  /** Hubtel's SMS API credentials as `clientId:clientSecret` (the pair its Basic authorization encodes). */
  apiKey: string;
  /** The approved sender name recipients see; checked by `validateSenderId`. */
  senderId: string;
  /** https://sms.hubtel.com, or a local fake in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const HUBTEL_SMS_BASE_URL = 'https://sms.hubtel.com';
export const HUBTEL_SMS_SEND_PATH = '/v1/messages/send';
export const SMS_DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A sender id Hubtel can approve: 3 to 11 letters or digits (Hubtel: "11 alpha-numeric characters or
 * less"), with at least one letter (an all-digit sender reads as a phone number, which networks treat
 * differently). The 3-character floor is the shop's. Returns the id; throws an Error saying what is wrong.
 */
export function validateSenderId(id: string): string {
  if (typeof id !== 'string' || id.length === 0) throw new Error('SMS sender id is missing');
  if (id.length < 3 || id.length > 11) throw new Error(`SMS sender id "${id}" must be 3 to 11 characters long (it has ${id.length})`);
  if (!/^[A-Za-z0-9]+$/.test(id)) throw new Error(`SMS sender id "${id}" may hold only letters A-Z and digits (no spaces or signs)`);
  if (!/[A-Za-z]/.test(id)) throw new Error(`SMS sender id "${id}" must contain at least one letter`);
  return id;
}

/** E.164 (+233241234567) → the international digits Hubtel's samples use (233241234567). */
export function hubtelRecipient(e164: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) throw new SendFailure(`SMS recipient is not an E.164 number: "${printable(e164, 20)}"`, 'refused');
  return e164.slice(1);
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Hubtel's answer codes for an account without credit (https://hubtel.readme.io/reference/response-code):
 * 402 "does not have enough messaging credit", and sub-code 12 "Payment required on account; Kindly fund
 * your account". Hubtel's SMS API documents no balance endpoint: these refusals are how the shop learns
 * of it (docs/backups.md, "Owner alerts").
 */
const CREDIT_CODES = new Set([402, 12]);

/** Hubtel's documented HTTP refusals, for when the body says nothing useful. */
const HTTP_REASONS: Record<number, string> = {
  400: 'invalid request',
  401: 'the request authorization failed',
  402: 'not enough messaging credit',
  403: 'the recipient has not approved messages',
  404: 'not found',
};

export function createHubtelSms(options: HubtelSmsOptions): SmsChannel {
  const apiKey = options.apiKey ?? '';
  const colon = apiKey.indexOf(':');
  if (colon <= 0 || colon === apiKey.length - 1) {
    throw new Error('SMS_API_KEY for Hubtel must be "clientId:clientSecret" (the API key pair from the Hubtel dashboard)');
  }
  const senderId = validateSenderId(options.senderId);
  const baseUrl = (options.baseUrl ?? HUBTEL_SMS_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const basic = Buffer.from(apiKey, 'utf8').toString('base64');
  // Every form of the credentials that could come back in a gateway's or a library's words.
  const secrets = [apiKey, apiKey.slice(colon + 1), basic].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);

  /** Texts end up in logs and the outbox row: short, printable, and never the credentials. */
  const clean = (text: string) => {
    let keyless = text;
    for (const secret of secrets) keyless = keyless.split(secret).join('[key]');
    return printable(keyless, 200);
  };

  return {
    name: 'hubtel',
    dedupesByReference: false,
    async send(sms: OutgoingSms, callOptions?: { timeoutMs?: number }): Promise<SentReceipt> {
      const to = hubtelRecipient(sms.to);
      if (typeof sms.text !== 'string' || sms.text.trim() === '') throw new SendFailure('SMS text is empty', 'refused');
      const timeoutMs = validTimeout(callOptions?.timeoutMs) ?? SMS_DEFAULT_TIMEOUT_MS;
      const signal = AbortSignal.timeout(timeoutMs);
      const body: Json = { From: senderId, To: to, Content: sms.text };
      if (typeof sms.reference === 'string' && sms.reference !== '') body.ClientReference = sms.reference;

      let res: Response;
      try {
        res = await doFetch(`${baseUrl}${HUBTEL_SMS_SEND_PATH}`, {
          method: 'POST',
          headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
          signal,
        });
      } catch (error) {
        // A timeout may strike after Hubtel took the message: unknown. Only a connection never made is certain.
        if (signal.aborted) throw new SendFailure(`Hubtel SMS did not answer within ${timeoutMs} ms: it may have sent the message`, 'unknown');
        const code = errorCode(error);
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        const what = clean(`${error instanceof Error ? error.message : String(error)}${cause}`);
        if (code && NOT_CONNECTED.has(code)) throw new SendFailure(`Hubtel SMS could not be reached: ${what}`, 'retry');
        throw new SendFailure(`Hubtel SMS's connection broke after the request was sent (${what}): it may have sent the message`, 'unknown');
      }
      const status = res.status;
      let text: string;
      try {
        // The same signal bounds reading the body: a gateway that sends headers and then stalls is cut too.
        text = await res.text();
      } catch {
        // Headers came, the body did not. Only a refusal (4xx) says for sure that nothing went.
        if (status >= 400 && status < 500) throw new SendFailure(`Hubtel SMS answered HTTP ${status} and broke off`, 'retry');
        throw new SendFailure(`Hubtel SMS answered HTTP ${status} and broke off before its answer: it may have sent the message`, 'unknown');
      }

      return receiptOf(res, text, clean);
    },
  };
}

/**
 * What Hubtel's answer to a send says: the receipt, or a SendFailure saying whether the message
 * surely did not go (retry, refused) or may have gone (unknown).
 */
function receiptOf(res: Response, text: string, clean: (text: string) => string): SentReceipt {
  const status = res.status;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const answer = isObject(parsed) ? parsed : undefined;
  const fromGateway = answer !== undefined && isGatewayAnswer(answer);

  if (status === 429 || status === 408) {
    // Turned away before being looked at (by Hubtel or a limiter in front of it): not sent.
    throw new SendFailure(`Hubtel SMS answered HTTP ${status}${answer ? `: ${clean(reasonOf(answer) ?? '')}` : ''}`.replace(/: $/, ''), 'retry');
  }
  if (status >= 500) {
    if (fromGateway && answer) {
      // Hubtel's own error (its JSON, its code): "the request failed on the server", not sent.
      throw new SendFailure(`Hubtel SMS answered HTTP ${status}: ${clean(reasonOf(answer) ?? 'server error')}`, 'retry');
    }
    // Something in front of Hubtel (a proxy, a load balancer) failed: Hubtel may have taken the message.
    throw new SendFailure(
      `Hubtel SMS answered HTTP ${status} without Hubtel's answer (${clean(res.headers.get('content-type') ?? 'no content type')}): it may have sent the message`,
      'unknown',
    );
  }
  if (status >= 200 && status < 300) {
    const code = answer ? codeOf(answer) : undefined;
    const messageId = answer ? messageIdOf(answer) : undefined;
    if ((code === undefined || code === 0) && messageId) return { providerId: messageId };
    if (answer && code !== undefined && code !== 0) {
      throw new SendFailure(
        `Hubtel SMS refused the message (status ${code}): ${clean(reasonOf(answer) ?? 'no reason given')}`,
        'refused',
        CREDIT_CODES.has(code),
      );
    }
    // Accepted by the look of it (a 2xx), but no message id says so: it may have gone.
    throw new SendFailure(
      answer
        ? `Hubtel SMS answered HTTP ${status} without a message id: it may have sent the message`
        : `Hubtel SMS answered HTTP ${status} with no JSON (${clean(res.headers.get('content-type') ?? 'no content type')}): it may have sent the message`,
      'unknown',
    );
  }
  if (!answer) {
    // A 3xx/4xx page from something in front of Hubtel: the message did not get through it.
    throw new SendFailure(`Hubtel SMS answered HTTP ${status} with no JSON (${clean(res.headers.get('content-type') ?? 'no content type')})`, 'retry');
  }
  const code = codeOf(answer);
  const reason = reasonOf(answer) ?? HTTP_REASONS[status] ?? 'refused';
  throw new SendFailure(
    `Hubtel SMS refused the message (HTTP ${status}${code !== undefined && code !== status ? `, status ${code}` : ''}): ${clean(reason)}`,
    'refused',
    status === 402 || (code !== undefined && CREDIT_CODES.has(code)),
  );
}

/**
 * Network errors that mean no connection was made, so no request was written: safe to try again.
 * Anything else (a reset, "other side closed", an unknown error) may have come after the request went.
 */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The error code of a failed fetch: undici puts the socket's under `cause`. */
function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * An answer in Hubtel's own words: the documented `statusDescription`, or the portal's wrapped `responseCode`.
 * A proxy's or a framework's JSON (`{ message }`, `{ title, status }`) is not, so its 5xx stays an unknown outcome.
 */
function isGatewayAnswer(answer: Json): boolean {
  return typeof answer.statusDescription === 'string' || typeof answer.responseCode === 'string' || typeof answer.responseCode === 'number';
}

/** The documented answer is flat (`messageId`); the portal's OpenAPI puts it under `data`. */
function messageIdOf(answer: Json): string | undefined {
  const data = isObject(answer.data) ? answer.data : undefined;
  for (const value of [answer.messageId, answer.MessageId, data?.messageId, data?.MessageId]) {
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * Hubtel's status code: `status` (a number; 0 is success), else the wrapped shape's `responseCode` (its SMS
 * sample leaves the value as "string"; Hubtel's other APIs answer "0000" on success, which reads as 0).
 */
function codeOf(answer: Json): number | undefined {
  const data = isObject(answer.data) ? answer.data : undefined;
  for (const value of [answer.status, answer.Status, answer.responseCode, data?.status]) {
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}

function reasonOf(answer: Json): string | undefined {
  for (const value of [answer.statusDescription, answer.message, answer.Message, answer.error, answer.detail, answer.Detail]) {
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function validTimeout(ms: number | undefined): number | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

function printable(text: string, max: number): string {
  return Array.from(String(text).slice(0, max), (c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('');
}
