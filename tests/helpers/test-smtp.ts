import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail the test SMTP server accepted, parsed as a mail client would. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TestSmtp {
  /** `smtp://user:pass@127.0.0.1:port` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused with this reply (e.g. 451 try later, 550 no such mailbox). */
  refuse(code: number, count?: number): void;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package, the one nodemailer's author keeps) on a free local
 * port, with AUTH PLAIN/LOGIN and no TLS: nodemailer speaks the whole protocol to it, and each mail
 * is parsed back with `mailparser`.
 */
export async function startTestSmtp(listenPort = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'secret') callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code !== undefined) {
          const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
          error.responseCode = code;
          callback(error);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://shop:secret@127.0.0.1:${port}`,
    received,
    refuse(code, count = 1) {
      for (let i = 0; i < count; i++) refusals.push(code);
    },
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
