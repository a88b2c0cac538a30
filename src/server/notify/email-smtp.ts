import nodemailer from 'nodemailer';
import { type EmailChannel, SendFailure } from './channel';

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` or `smtps://...:465` (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Nkuto Naturals <orders@nkuto.com>`. */
  from: string;
}

/** Network failures a later try may get past. */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * E-mail through SMTP with nodemailer. The Message-ID is made from the outbox row's id, so a copy
 * sent twice after a crash can be recognised; SMTP itself has no way to refuse it. A 4xx reply (try
 * later) and a dropped connection are retried; a 5xx reply (mailbox unknown, refused) is final.
 */
export function createSmtpEmail(options: SmtpOptions): EmailChannel {
  const transport = nodemailer.createTransport(options.url);
  const host = options.from.match(/@([^>\s]+)/)?.[1] ?? 'shop.local';
  return {
    name: 'smtp',
    dedupesByReference: false,
    async send(email, callOptions) {
      const timeout = callOptions?.timeoutMs ?? 20_000;
      // nodemailer takes its timeouts per transport; a stuck server is cut off here too.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SendFailure(`the mail server did not answer within ${timeout} ms`, true)), timeout);
      });
      try {
        const info = await Promise.race([
          transport.sendMail({
            from: options.from,
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html,
            messageId: `<${email.reference}@${host}>`,
          }),
          deadline,
        ]);
        return { providerId: info.messageId };
      } catch (error) {
        if (error instanceof SendFailure) throw error;
        const failure = error as { code?: string; responseCode?: number; response?: string; message?: string };
        const reply = failure.responseCode;
        const reason = failure.response ?? failure.message ?? 'the mail server refused the message';
        if (reply !== undefined) throw new SendFailure(`the mail server answered ${reason}`, reply < 500);
        throw new SendFailure(`could not reach the mail server (${failure.code ?? reason})`, TRANSIENT_CODES.has(failure.code ?? '') || !failure.code);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
