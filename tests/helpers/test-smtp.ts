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
  /**
   * The next `count` messages are received whole (in `received`) and their "250 OK" is lost: 'timeout'
   * never answers, 'drop' closes the connection instead.
   */
  loseAnswer(how: 'timeout' | 'drop', count?: number): void;
  /** The next `count` connections are closed right after MAIL FROM, before any message went. */
  dropBeforeData(count?: number): void;
  /** Forgets received mails and pending refusals, lost answers and drops. */
  reset(): void;
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
  const lost: ('timeout' | 'drop')[] = [];
  let dropEarly = 0;
  /** The connection a session belongs to (smtp-server hands the hooks its session only). */
  const socketOf = (sessionId: string) =>
    [...(server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections].find((c) => c.id === sessionId)?._socket;
  const server = new SMTPServer({
    authOptional: false,
    // Held answers must not keep close() waiting its 30 s default.
    closeTimeout: 100,
    onMailFrom(_address, session, callback) {
      if (dropEarly > 0) {
        dropEarly -= 1;
        socketOf(session.id)?.destroy();
        return;
      }
      callback();
    },
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
          const lose = lost.shift();
          if (lose === 'drop') socketOf(session.id)?.destroy();
          if (lose) return; // 'timeout': the answer never comes
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
    loseAnswer(how, count = 1) {
      for (let i = 0; i < count; i++) lost.push(how);
    },
    dropBeforeData(count = 1) {
      dropEarly = count;
    },
    reset() {
      received.length = 0;
      refusals.length = 0;
      lost.length = 0;
      dropEarly = 0;
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
