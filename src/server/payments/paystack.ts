import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, ProviderVerdict, StartPaymentInput } from './provider';
import { ProviderError } from './provider';

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data?: T;
}

/**
 * Paystack's documented API: POST /transaction/initialize, GET /transaction/verify/{reference},
 * webhooks signed with HMAC-SHA512 of the raw body under the secret key (`x-paystack-signature`).
 * Amounts are in pesewas, currency GHS, channel mobile_money.
 */
export function paystackProvider(options: PaystackOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${options.secretKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Paystack did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    let envelope: PaystackEnvelope<T>;
    try {
      envelope = (await res.json()) as PaystackEnvelope<T>;
    } catch {
      throw new ProviderError(`Paystack answered ${res.status} without JSON`);
    }
    if (!res.ok || !envelope.status || envelope.data === undefined) {
      throw new ProviderError(`Paystack refused ${path.split('/').slice(0, 3).join('/')}: ${res.status} ${envelope.message ?? ''}`.trim());
    }
    return envelope.data;
  }

  return {
    name: 'paystack',
    async start(input: StartPaymentInput) {
      const data = await call<{ authorization_url?: string }>('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountPesewas,
        currency: 'GHS',
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: ['mobile_money'],
        metadata: input.metadata,
      });
      if (typeof data.authorization_url !== 'string' || !/^https?:\/\//.test(data.authorization_url)) {
        throw new ProviderError('Paystack answered without an authorization_url');
      }
      return { paymentLink: data.authorization_url };
    },

    async verify(reference: string): Promise<ProviderVerdict> {
      const data = await call<{ status?: string; amount?: number; currency?: string }>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (data.status === 'success') return { status: 'success', amountPesewas: data.amount, currency: data.currency };
      // 'abandoned' is what Paystack reports for a transaction the shopper has not finished yet (it can
      // still succeed), so it counts as pending; our own hold decides when the order gives up.
      if (data.status === 'failed' || data.status === 'reversed') return { status: 'failed' };
      return { status: 'pending' };
    },

    verifyWebhookSignature(rawBody: string, signature: string | undefined) {
      if (!signature || !/^[a-f0-9]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}
