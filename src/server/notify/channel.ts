/**
 * The shop's outgoing message channels, as the outbox's sender sees them. A channel sends one
 * message per call and says how a failure should be treated; retrying, and remembering what was
 * sent, are the sender's business.
 */

/** One message handed to a channel: `reference` is the outbox row's id, unique per message. */
export interface OutgoingSms {
  /** E.164, e.g. +233241234567. */
  to: string;
  text: string;
  reference: string;
}
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  reference: string;
}
/** What the gateway said it accepted: its own id for the message, when it gave one. */
export interface SentReceipt {
  providerId?: string;
}
/**
 * How a failed send ended, as far as the channel can tell:
 * - `retry`: certainly not taken, and a later try may pass (refused connection, DNS, 429, the gateway's own 5xx);
 * - `refused`: certainly not taken, and never will be as it is (bad number, bad key, no credit, a 5xx SMTP reply);
 * - `unknown`: the request reached the gateway and its answer was lost (a timeout, a proxy's 5xx, a 2xx without an
 *   id, a connection lost after the message was written): it may have gone, so it is never sent again by itself.
 */
export type SendOutcome = 'retry' | 'refused' | 'unknown';

/** A send that did not end in a receipt; `outcome` says whether it may have gone anyway. */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly outcome: SendOutcome,
    /** The gateway refused for lack of credit on the shop's account (Hubtel: HTTP 402, or status 12): the owner is alerted. */
    readonly creditLow = false,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
  /** Certainly not sent, and worth trying again. */
  get retryable(): boolean {
    return this.outcome === 'retry';
  }
}
export interface SmsChannel {
  readonly name: string;
  /** Whether the gateway itself refuses a second send with the same reference (then a crash between sending and marking sent cannot send twice). */
  readonly dedupesByReference: boolean;
  send(sms: OutgoingSms, options?: { timeoutMs?: number }): Promise<SentReceipt>;
}

export interface EmailChannel {
  readonly name: string;
  /** Mail servers keep no memory of a Message-ID: a crash between sending and marking sent may send one duplicate. */
  readonly dedupesByReference: boolean;
  send(email: OutgoingEmail, options?: { timeoutMs?: number }): Promise<SentReceipt>;
}
