import type { MomoNetwork } from '@/shared/momo';

/**
 * One Mobile Money provider behind the shop. Implementations only talk to the provider; the
 * payments service decides what an answer means for the order (amount, currency, once only).
 */
export interface StartPaymentInput {
  reference: string;
  amountPesewas: number;
  email: string;
  /** Where the provider sends the shopper back (`/checkout`; Paystack appends `trxref` and `reference`). */
  callbackUrl: string;
  metadata: Record<string, string>;
}

/** Per-call options: the hold-expiry run gives each call its own short limit. */
export interface CallOptions {
  timeoutMs?: number;
}

/**
 * What the provider says about one reference. `pending`: not finished yet, ask again later.
 * `failed` is not final: Paystack lets a shopper retry on the same transaction after a decline.
 */
export interface ProviderVerdict {
  status: 'success' | 'pending' | 'failed';
  /** What was charged, in the currency's smallest unit (pesewas); higher than requested when fees are passed on. */
  amountPesewas?: number;
  /** What the shop asked for (Paystack's `requested_amount`). */
  requestedAmountPesewas?: number;
  currency?: string;
  /** The provider's own word for the state (`abandoned`, `reversed`, ...), for logs. */
  providerStatus?: string;
  /** The network's words on a failed charge (`Insufficient funds`, ...), to tell the shopper why. */
  gatewayResponse?: string;
}

export interface RefundInput {
  /** The payment reference the refund is for. */
  reference: string;
  amountPesewas: number;
}

export interface RefundResult {
  /** The provider's id of the refund, which its refund webhooks name again. */
  providerRefundId: string;
  status: 'pending' | 'processed' | 'failed';
}

/** A signed webhook, read into what the shop acts on. Anything else is acknowledged and ignored. */
export type PaymentEvent =
  /** Something happened to a charge: the shop verifies the reference itself, never trusting the body. */
  | { kind: 'charge'; event: string; reference: string }
  | { kind: 'refund'; event: string; reference: string; providerRefundId: string; amountPesewas: number; status: 'pending' | 'processed' | 'failed' }
  | {
      kind: 'dispute';
      event: string;
      reference: string;
      providerDisputeId: string;
      amountPesewas: number | null;
      status: 'open' | 'resolved';
      /** How a resolved dispute ended (Paystack: `merchant-accepted`, `declined`). */
      resolution: string | null;
    };

/** A Mobile Money charge made from the shop's own page (Paystack's Charge API). */
export interface ChargeInput {
  reference: string;
  amountPesewas: number;
  email: string;
  /** Local form, `0XXXXXXXXX` (Paystack's Ghana examples). */
  phone: string;
  network: MomoNetwork;
  metadata: Record<string, string>;
}

/**
 * What the network asks of the shopper next, as the Charge API answers it. `approve`: a prompt on the
 * phone (Paystack's `pay_offline`, or `pending`); `otp`: a code or voucher to type in (`send_otp`);
 * `success`: the charge says paid, which the shop still confirms through verify; `failed`: over,
 * with the provider's words for why; `unknown`: the provider never saw the reference.
 */
export type ChargeStep =
  | { status: 'approve' | 'otp'; displayText?: string; timerSeconds?: number }
  | { status: 'success' }
  | { status: 'failed'; reason: string }
  | { status: 'unknown' };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /**
   * Offered only while the shop is a demo (the sandbox a demo shop gets): once the settings
   * row says the shop went live, every process stops offering it, without a restart.
   */
  readonly demoOnly?: boolean;
  /** Starts a payment and answers the page the shopper pays on. Throws ProviderError when it can't. */
  start(input: StartPaymentInput, options?: CallOptions): Promise<{ paymentLink: string }>;
  /**
   * Charges a Mobile Money wallet from the shop's page. A refusal (a wrong number) answers `failed`;
   * ProviderError means no answer, so the charge may or may not exist: ask `checkCharge` later.
   */
  charge(input: ChargeInput, options?: CallOptions): Promise<ChargeStep>;
  /** The code or voucher the shopper typed. A refused code answers `failed` with the provider's words. */
  submitOtp(reference: string, otp: string, options?: CallOptions): Promise<ChargeStep>;
  /** Where a charge stands (after a start that got no answer, or to follow a pending one). */
  checkCharge(reference: string, options?: CallOptions): Promise<ChargeStep>;
  /** Throws ProviderError when the provider does not answer or refuses. */
  verify(reference: string, options?: CallOptions): Promise<ProviderVerdict>;
  /** Starts a refund of (part of) a successful payment. Throws ProviderError when it can't. */
  refund(input: RefundInput, options?: CallOptions): Promise<RefundResult>;
  /** Checks a webhook's signature over the raw body; providers without webhooks answer false. */
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
  /** Reads a signed webhook body (already parsed JSON); undefined for events the shop does not act on. */
  readWebhookEvent(body: unknown): PaymentEvent | undefined;
}

/** The provider could not be reached or refused the call: the shopper may try again. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
