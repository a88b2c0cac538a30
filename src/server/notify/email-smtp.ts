import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { type EmailChannel, SendFailure } from './channel';

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` or `smtps://...:465` (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Nkuto Naturals <orders@nkuto.com>`. */
  from: string;
}

/**
 * E-mail through SMTP with nodemailer. The Message-ID is made from the outbox row's id, so a copy
 * sent twice can be recognised; SMTP itself has no way to refuse it. What a failure means:
 * - a reply from the server (4xx try later: retry; 5xx refused: final), whenever it comes;
 * - no reply, before the message's last line (the lone ".") went: not delivered (a server keeps no
 *   half message), retry;
 * - no reply (a timeout, a dropped connection) after it went: the server may have queued the mail
 *   and lost only its "250 OK" (RFC 1047), so the outcome is unknown and it is not sent again by itself.
 */
export function createSmtpEmail(options: SmtpOptions): EmailChannel {
  const host = options.from.match(/@([^>\s]+)/)?.[1] ?? 'shop.local';
  return {
    name: 'smtp',
    dedupesByReference: false,
    async send(email, callOptions) {
      const timeout = callOptions?.timeoutMs ?? 20_000;
      // nodemailer logs the message stream's end (`tnx: 'message'` with its byte counts) once the
      // whole message, its final "." included, is written to the socket: from then on a lost answer
      // is an unknown outcome. One transport per mail (nodemailer opens a connection per mail anyway),
      // so the flag is this mail's.
      let dataSent = false;
      const watch = (entry: { tnx?: string; outByteCount?: unknown } | undefined) => {
        if (entry?.tnx === 'message' && typeof entry.outByteCount === 'number') dataSent = true;
      };
      const quiet = () => {};
      const transport = nodemailer.createTransport({
        url: options.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        logger: { info: watch, debug: quiet, trace: quiet, warn: quiet, error: quiet, fatal: quiet },
      } as Parameters<typeof nodemailer.createTransport>[0]);
      try {
        const mail: Mail.Options & { signal: AbortSignal } = {
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: `<${email.reference}@${host}>`,
          // The whole call's limit: aborting closes the connection, so nothing goes on behind our back.
          signal: AbortSignal.timeout(timeout),
        };
        const info = await transport.sendMail(mail);
        return { providerId: info.messageId };
      } catch (error) {
        const failure = error as { code?: string; responseCode?: number; response?: string; message?: string };
        const reply = failure.responseCode;
        if (reply !== undefined) {
          const reason = failure.response ?? failure.message ?? 'the mail server refused the message';
          throw new SendFailure(`the mail server answered ${reason}`, reply < 500 ? 'retry' : 'refused');
        }
        const timedOut = failure.code === 'EABORT' || failure.code === 'ETIMEDOUT';
        const what = timedOut ? `did not answer within ${timeout} ms` : `connection failed (${failure.code ?? failure.message ?? 'no reason given'})`;
        if (dataSent) throw new SendFailure(`the mail server ${what} after the whole message was sent: it may have taken it`, 'unknown');
        throw new SendFailure(`the mail server ${what} before the message was sent`, 'retry');
      } finally {
        transport.close();
      }
    },
  };
}
