/**
 * One Mobile Money provider behind the shop. Implementations only talk to the provider; the
 * payments service decides what an answer means for the order (amount, currency, once only).
 */
export interface StartPaymentInput {
  reference: string;
  amountPesewas: number;
  email: string;
  /** Where the provider sends the shopper back (`/checkout?reference=...`). */
  callbackUrl: string;
  metadata: Record<string, string>;
}

/** What the provider says about one reference. `pending`: not finished yet; ask again later. */
export interface ProviderVerdict {
  status: 'success' | 'pending' | 'failed';
  /** As charged, in the currency's smallest unit (pesewas); present on success. */
  amountPesewas?: number;
  currency?: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** Starts a payment and answers the page the shopper pays on. Throws ProviderError when it can't. */
  start(input: StartPaymentInput): Promise<{ paymentLink: string }>;
  verify(reference: string): Promise<ProviderVerdict>;
  /** Checks a webhook's signature over the raw body; providers without webhooks answer false. */
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
}

/** The provider could not be reached or refused the call: the shopper may try again. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
