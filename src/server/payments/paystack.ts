import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CallOptions,
  ChargeInput,
  ChargeStep,
  PaymentEvent,
  PaymentProvider,
  ProviderVerdict,
  RefundInput,
  RefundResult,
  StartPaymentInput,
} from './provider';
import { ProviderError } from './provider';

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests. */
  baseUrl: string;
  /** Per call unless the call says otherwise; stays below the server's 10 s graceful-shutdown limit. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const PAYSTACK_DEFAULT_TIMEOUT_MS = 8_000;

type Json = Record<string, unknown>;

interface Answer {
  httpStatus: number;
  status: boolean;
  message: string;
  code: string | undefined;
  data: unknown;
}

/**
 * Paystack's published API (PaystackOSS/openapi): POST /transaction/initialize,
 * GET /transaction/verify/{reference}, POST /refund, and the Charge API for Mobile Money approved on
 * the phone (POST /charge, POST /charge/submit_otp, GET /charge/{reference}); webhooks signed with HMAC-SHA512 of the raw
 * body under the secret key (`x-paystack-signature`). Amounts in pesewas, currency GHS, channel
 * mobile_money.
 */
export function paystackProvider(options: PaystackOptions): PaymentProvider {
  const secret = options.secretKey;
  const clean = cleanerFor(secret);
  const connection: Connection = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    secret,
    defaultTimeoutMs: validTimeout(options.timeoutMs) ?? PAYSTACK_DEFAULT_TIMEOUT_MS,
    doFetch: options.fetch ?? fetch,
    clean,
  };
  const call = (method: 'GET' | 'POST', path: string, label: string, body: unknown, callOptions: CallOptions | undefined) =>
    callPaystack(connection, method, path, label, body, callOptions);

  return {
    name: 'paystack',

    async charge(input: ChargeInput, callOptions?: CallOptions) {
      const answer = await call(
        'POST',
        '/charge',
        'charge',
        {
          email: input.email,
          amount: input.amountPesewas,
          currency: 'GHS',
          reference: input.reference,
          mobile_money: { phone: input.phone, provider: input.network },
          metadata: input.metadata,
        },
        callOptions,
      );
      return chargeStep(answer, 'charge', clean);
    },

    async submitOtp(reference: string, otp: string, callOptions?: CallOptions) {
      return chargeStep(await call('POST', '/charge/submit_otp', 'submit_otp', { otp, reference }, callOptions), 'submit_otp', clean);
    },

    async checkCharge(reference: string, callOptions?: CallOptions) {
      const answer = await call('GET', `/charge/${encodeURIComponent(reference)}`, 'charge check', undefined, callOptions);
      if ((answer.httpStatus === 404 || answer.httpStatus === 400) && !answer.status && isReferenceNotFound(answer)) return { status: 'unknown' };
      return chargeStep(answer, 'charge check', clean);
    },

    async start(input: StartPaymentInput, callOptions?: CallOptions) {
      const answer = await call(
        'POST',
        '/transaction/initialize',
        'initialize',
        {
          email: input.email,
          amount: input.amountPesewas,
          currency: 'GHS',
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: ['mobile_money'],
          metadata: input.metadata,
        },
        callOptions,
      );
      const data = accepted(answer, 'initialize', clean);
      if (typeof data.authorization_url !== 'string' || !/^https?:\/\/\S+$/.test(data.authorization_url) || data.authorization_url.includes('\u0000')) {
        throw new ProviderError('Paystack answered initialize without an authorization_url');
      }
      return { paymentLink: data.authorization_url };
    },

    async verify(reference: string, callOptions?: CallOptions): Promise<ProviderVerdict> {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, 'verify', undefined, callOptions);
      // Paystack never saw this reference (the start died before reaching it): nothing can be paid on it.
      // Only Paystack's own "not found" counts; a wrong route or proxy 404 stays an error.
      if ((answer.httpStatus === 404 || answer.httpStatus === 400) && !answer.status && isReferenceNotFound(answer)) {
        return { status: 'failed', providerStatus: 'not_found' };
      }
      const data = accepted(answer, 'verify', clean);
      return verdictOf(data, clean);
    },

    async refund(input: RefundInput, callOptions?: CallOptions): Promise<RefundResult> {
      if (!Number.isSafeInteger(input.amountPesewas) || input.amountPesewas <= 0) {
        throw new ProviderError('A refund needs a positive whole number of pesewas');
      }
      const answer = await call('POST', '/refund', 'refund', { transaction: input.reference, amount: input.amountPesewas }, callOptions);
      const data = accepted(answer, 'refund', clean);
      // Paystack took the refund: never throw from here on, or the shop might ask for it twice.
      return { providerRefundId: idOf(data.id) ?? '', status: refundStatus(data.status) ?? 'pending' };
    },

    verifyWebhookSignature(rawBody: string, signature: string | undefined) {
      if (!signature || !/^[a-f0-9]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', secret).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },

    readWebhookEvent(body: unknown): PaymentEvent | undefined {
      return readPaystackEvent(body);
    },
  };
}

type Clean = (text: string) => string;

/** Error texts may end up in logs and answers: short, and never the key. */
function cleanerFor(secret: string): Clean {
  return (text: string) => {
    // The key goes before cutting, so no piece of it survives at the cut.
    const keyless = secret ? text.split(secret).join('[key]') : text;
    return Array.from(keyless.slice(0, 160), (c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('');
  };
}

/** Where Paystack is, the key, and how calls wait and report. */
interface Connection {
  baseUrl: string;
  secret: string;
  defaultTimeoutMs: number;
  doFetch: typeof fetch;
  clean: Clean;
}

/** One call to Paystack: its answer read, or ProviderError when it did not answer in time or in JSON. */
async function callPaystack(
  connection: Connection,
  method: 'GET' | 'POST',
  path: string,
  label: string,
  body: unknown,
  callOptions: CallOptions | undefined,
): Promise<Answer> {
  const { baseUrl, secret, defaultTimeoutMs, doFetch, clean } = connection;
  const timeoutMs = validTimeout(callOptions?.timeoutMs) ?? defaultTimeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await doFetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${secret}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    // The same signal also bounds reading the body: a server that sends headers and then stalls is cut too.
    text = await res.text();
  } catch (error) {
    if (signal.aborted) throw new ProviderError(`Paystack did not answer ${label} within ${timeoutMs} ms`);
    throw new ProviderError(`Paystack could not be reached for ${label}: ${clean(error instanceof Error ? error.message : String(error))}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderError(`Paystack answered ${label} with ${res.status} without JSON`);
  }
  if (!isObject(parsed) || typeof parsed.status !== 'boolean') {
    throw new ProviderError(`Paystack answered ${label} with ${res.status} and an unreadable body`);
  }
  return {
    httpStatus: res.status,
    status: parsed.status,
    message: typeof parsed.message === 'string' ? parsed.message : '',
    code: typeof parsed.code === 'string' ? parsed.code : undefined,
    data: parsed.data,
  };
}

/** The answer's `data` when Paystack said yes; ProviderError with its message otherwise. */
function accepted(answer: Answer, label: string, clean: Clean): Json {
  if (answer.httpStatus < 200 || answer.httpStatus > 299 || !answer.status || !isObject(answer.data)) {
    throw new ProviderError(clean(`Paystack refused ${label}: ${answer.httpStatus} ${answer.message}`.trim()));
  }
  return answer.data;
}

/**
 * A Charge API answer as the next step. Paystack's answers carry `data.status` (`send_otp`,
 * `pay_offline`, `pending`, `success`, `failed`) and, for Mobile Money, `data.display_text`
 * (PaystackOSS/doc-code-snippets, payments/payment-methods/mobile-*). A 4xx with `status: false`
 * is a refusal of this charge (a wrong number, a used reference): over, in Paystack's words.
 */
function chargeStep(answer: Answer, label: string, clean: Clean): ChargeStep {
  const data = isObject(answer.data) ? answer.data : undefined;
  if (!answer.status || answer.httpStatus < 200 || answer.httpStatus > 299) {
    const refused = answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.httpStatus !== 401 && answer.httpStatus !== 429;
    if (!refused) throw new ProviderError(clean(`Paystack refused ${label}: ${answer.httpStatus} ${answer.message}`.trim()));
    return { status: 'failed', reason: clean(text(data?.message) ?? text(data?.gateway_response) ?? answer.message) };
  }
  if (!data) throw new ProviderError(`Paystack answered ${label} without data`);
  const status = text(data.status, 64);
  const display = isObject(data.display) ? data.display : undefined;
  const displayText = text(data.display_text, 500) ?? text(display?.message, 500);
  const timer = typeof display?.timer === 'number' && Number.isSafeInteger(display.timer) && display.timer > 0 ? display.timer : undefined;
  const prompt = { ...(displayText ? { displayText: clean(displayText) } : {}), ...(timer ? { timerSeconds: timer } : {}) };
  if (status === 'success') return { status: 'success' };
  if (status === 'send_otp') return { status: 'otp', ...prompt };
  if (status === 'failed' || status === 'abandoned' || status === 'reversed') {
    return { status: 'failed', reason: clean(text(data.message) ?? text(data.gateway_response) ?? answer.message) };
  }
  if (!status) throw new ProviderError(`Paystack answered ${label} without a readable status`);
  // pay_offline, pending, ongoing, processing...: the network is waiting on the shopper's phone.
  return { status: 'approve', ...prompt };
}

/** A verify answer's `data` as the shop's verdict: success only with a readable amount, requested amount and currency. */
function verdictOf(data: Json, clean: Clean): ProviderVerdict {
  const providerStatus = typeof data.status === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(data.status) ? data.status : undefined;
  if (!providerStatus) throw new ProviderError('Paystack answered verify without a readable status');
  const amountPesewas = pesewas(data.amount, false);
  const requestedAmountPesewas = pesewas(data.requested_amount, false);
  const currency = typeof data.currency === 'string' && /^[A-Z]{3}$/.test(data.currency) ? data.currency : undefined;

  if (providerStatus === 'success') {
    // A success we cannot read is no answer: asking again beats deciding on half a verdict.
    if (amountPesewas === undefined || requestedAmountPesewas === undefined || currency === undefined) {
      throw new ProviderError('Paystack answered verify success without a readable amount, requested_amount or currency');
    }
    return { status: 'success', amountPesewas, requestedAmountPesewas, currency, providerStatus };
  }
  // 'abandoned', 'ongoing', 'pending', 'processing', 'queued', 'send_otp'...: the shopper can still
  // finish, so pending; our own hold decides when the order gives up. A 'failed' one may still be
  // retried by the shopper on the same transaction, which is why failed is not final either.
  const status = providerStatus === 'failed' || providerStatus === 'reversed' ? 'failed' : 'pending';
  const gatewayResponse = text(data.gateway_response);
  return {
    status,
    providerStatus,
    ...(gatewayResponse === undefined ? {} : { gatewayResponse: clean(gatewayResponse) }),
    ...(amountPesewas === undefined ? {} : { amountPesewas }),
    ...(requestedAmountPesewas === undefined ? {} : { requestedAmountPesewas }),
    ...(currency === undefined ? {} : { currency }),
  };
}

/**
 * Reads a signed Paystack webhook body into what the shop acts on. Shapes as Paystack documents
 * them (PaystackOSS/doc-code-snippets, dist/doc/payments/webhooks/events.js and
 * dist/doc/payments/refunds/events.js). Anything odd answers undefined, never throws.
 */
export function readPaystackEvent(body: unknown): PaymentEvent | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  const event = text(body.event, 100);
  if (!event) return undefined;
  const data = body.data;

  if (event.startsWith('refund.')) {
    const status = refundStatus(event.slice('refund.'.length));
    // Refund events carry the payment as `transaction_reference`; the refund API's own answers nest it.
    const reference = text(data.transaction_reference) ?? (isObject(data.transaction) ? text(data.transaction.reference) : undefined);
    const amountPesewas = pesewas(data.amount, true);
    // Paystack's documented refund events mostly carry no refund id ('' then): match on reference and amount.
    const providerRefundId = data.id === undefined || data.id === null ? '' : idOf(data.id);
    if (!status || !reference || amountPesewas === undefined || providerRefundId === undefined) return undefined;
    return { kind: 'refund', event, reference, providerRefundId, amountPesewas, status };
  }

  if (event.startsWith('charge.dispute.')) {
    const open = event === 'charge.dispute.create' || event === 'charge.dispute.remind';
    if (!open && event !== 'charge.dispute.resolve') return undefined;
    const reference = (isObject(data.transaction) ? text(data.transaction.reference) : undefined) ?? text(data.transaction_reference);
    const providerDisputeId = idOf(data.id);
    const amountPesewas = data.refund_amount === undefined || data.refund_amount === null ? null : pesewas(data.refund_amount, true);
    const resolution = open || data.resolution === undefined || data.resolution === null ? null : text(data.resolution, 100);
    if (!reference || !providerDisputeId || amountPesewas === undefined || resolution === undefined) return undefined;
    return { kind: 'dispute', event, reference, providerDisputeId, amountPesewas, status: open ? 'open' : 'resolved', resolution };
  }

  if (event.startsWith('charge.')) {
    const reference = text(data.reference);
    return reference ? { kind: 'charge', event, reference } : undefined;
  }
  return undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validTimeout(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A non-empty string without NUL (PostgreSQL text cannot hold it), of sane length. */
function text(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !value.includes('\u0000') ? value : undefined;
}

/**
 * A non-negative whole amount in pesewas. Paystack's refund events send some amounts as digit
 * strings ("5000"), so events may pass `digitStrings`; API answers are integers.
 */
function pesewas(value: unknown, digitStrings: boolean): number | undefined {
  const n = typeof value === 'number' ? value : digitStrings && typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Paystack ids are integers, sometimes sent as strings. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  if (typeof value === 'string' && /^[1-9]\d{0,19}$/.test(value)) return value;
  return undefined;
}

/** Paystack's refund states: pending, processing, needs-attention (waiting on someone), processed, failed. */
function refundStatus(value: unknown): RefundResult['status'] | undefined {
  if (value === 'processed') return 'processed';
  if (value === 'failed') return 'failed';
  if (value === 'pending' || value === 'processing' || value === 'needs-attention') return 'pending';
  return undefined;
}

function isReferenceNotFound(answer: Answer): boolean {
  return answer.code === 'transaction_not_found' || /^transaction reference not found\b/i.test(answer.message.trim());
}
