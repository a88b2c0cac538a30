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
/** A send that did not go through. `retryable`: a timeout, a network error, 429 or 5xx; not: a refused request (bad number, bad key, no credit). */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SendFailure';
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
