import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { Logger } from '../logger';
import { type EmailChannel, SendFailure, type SentReceipt, type SmsChannel } from './channel';
import { openSecret } from './outbox';
import { alertOwner } from './system-alerts';

/**
 * The delivering side of the outbox (ARCHITECTURE §5b). Each run claims due messages with
 * `FOR UPDATE SKIP LOCKED` (several server processes may run it at once: none claims another's
 * message), marks them `sending`, sends each through its channel outside any transaction, then
 * records what happened: sent, tried again later with exponential backoff, or failed.
 *
 * Sent once: a send whose answer was lost (the channel's `unknown` outcome: a timeout, a proxy's 5xx,
 * a 2xx without an id, a connection broken after the message went) may have reached the phone, so it
 * is marked `unknown` and never repeated by itself; the admin's message log shows it, and a person
 * who checked with the recipient can resend it (services/shop/outbox.ts). Only failures that certainly
 * sent nothing are tried again.
 *
 * A crash is the same kind of lost answer. Just before handing a row to its channel the sender stamps
 * `handed_at` (under its claim): a row left `sending` past `staleMs` without that stamp never reached
 * the gateway and is sent as usual; one with it may have gone, so through a channel that does not
 * refuse a repeated reference (Hubtel's SMS, SMTP: both) it becomes `unknown` as well.
 */

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface SenderChannels {
  /** Null: no SMS gateway configured; SMS go to the admin's log and the server log only. */
  sms: SmsChannel | null;
  /** Null: no SMTP_URL; e-mails go to the admin's log and the server log only. */
  email: EmailChannel | null;
}

export interface SenderOptions {
  /** Tries before a retryable failure becomes final. */
  maxAttempts: number;
  /** The first wait after a failure; each further one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A claim older than this was cut off (the process died mid-send). */
  staleMs: number;
  /** Messages one run claims. */
  batch: number;
  /** Each gateway call's limit. */
  timeoutMs: number;
}

export const DEFAULT_SENDER_OPTIONS: SenderOptions = {
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  staleMs: 2 * 60_000,
  batch: 20,
  timeoutMs: 15_000,
};

export interface SenderDeps {
  db: Db;
  log: Logger;
  secret: Buffer;
  channels: SenderChannels;
  clock: () => Date;
  options?: Partial<SenderOptions>;
}

/** Why a message is `unknown` after its sender stopped mid-send (the admin's log shows it). */
export const CUT_OFF = 'The server stopped while handing it to the gateway, before the answer was recorded.';
export const SECRET_EXPIRED = 'Its secret part expired before it could be sent.';

interface Claimed extends OutboxRow {
  /** The row was `sending` when claimed: its last sender was cut off. */
  wasCutOff: boolean;
}

/** The one place rows move out of `queued`: claims up to `batch` due rows for this process. */
async function claimDue(db: Db, now: Date, options: SenderOptions): Promise<Claimed[]> {
  const staleBefore = new Date(now.getTime() - options.staleMs);
  const claimed = (await db.execute(sql`
    with due as (
      select id, status as was_status from ${outboxMessages}
      where (status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz)
         or (status = 'sending' and claimed_at < ${staleBefore.toISOString()}::timestamptz)
      order by next_attempt_at
      limit ${options.batch}
      for update skip locked
    )
    update ${outboxMessages} m
    set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz,
        -- a cut-off claim that never handed its row over made no attempt
        attempts = m.attempts + (case when due.was_status = 'sending' and m.handed_at is null then 0 else 1 end),
        cut_offs = m.cut_offs + (case when due.was_status = 'sending' then 1 else 0 end)
    from due where m.id = due.id
    returning m.id, due.was_status`)) as unknown as { rows: { id: string; was_status: string }[] };
  const ids = claimed.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const wasCutOff = new Map(claimed.rows.map((row) => [row.id, row.was_status === 'sending']));
  const rows = await db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
  return rows.map((row) => ({ ...row, wasCutOff: wasCutOff.get(row.id) ?? false }));
}

/** Changes a claimed row only while this run's claim on it stands (a stale claim may have been taken over). */
function settle(db: Db, row: Claimed, values: Partial<OutboxRow>) {
  return db
    .update(outboxMessages)
    .set(values)
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending'), eq(outboxMessages.claimedAt, row.claimedAt ?? new Date(0))));
}

export function backoffMs(attempt: number, options: Pick<SenderOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, attempt - 1), options.maxDelayMs);
}

export interface OutboxSender {
  /** One pass: claims what is due and delivers it; answers how many rows it settled. */
  runOnce(): Promise<number>;
  /** Runs every `intervalMs` until `stop()`; `wake()` runs a pass soon after an event commits. */
  start(intervalMs: number): void;
  wake(): void;
  stop(): Promise<void>;
}

/** The gateway refused for lack of credit: the owner hears of it (once a day; e-mail still goes). */
async function alertCreditLow(deps: SenderDeps, detail: string): Promise<void> {
  const { db, log } = deps;
  try {
    if ((await alertOwner(db, deps.secret, { kind: 'owner_sms_credit_low', detail }, deps.clock())) > 0) {
      log.warn('SMS account out of credit: owner alerted', { error: detail });
    }
  } catch (error) {
    log.warn('could not queue the SMS credit alert', { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Sends one claimed row on its channel and settles it: sent, queued again, failed, unknown or only logged. */
async function deliver(deps: SenderDeps, options: SenderOptions, row: Claimed): Promise<void> {
  const { db, log } = deps;
  const now = deps.clock();
  const channel = row.channel === 'sms' ? deps.channels.sms : deps.channels.email;
  if (row.wasCutOff && row.handedAt && channel && !channel.dedupesByReference) {
    // Its last sender handed it over and died before the answer: it may have gone (unknown, like a lost answer).
    await settle(db, row, { status: 'unknown', lastError: CUT_OFF, provider: channel.name, claimedAt: null });
    log.warn('outbox message cut off while sending: outcome unknown, left for the admin', { id: row.id, kind: row.kind, channel: row.channel });
    return;
  }
  // A message that had a secret part and lost it (expired, erased) never goes out with a hole in it.
  if (row.secretExpiresAt && (!row.secretSealed || row.secretExpiresAt <= now)) {
    await settle(db, row, { status: 'failed', lastError: SECRET_EXPIRED, secretSealed: null, claimedAt: null });
    return;
  }
  // The secret part goes into the text only here, on its way out; the row keeps only the sealed copy.
  const secretPart = row.secretSealed ? openSecret(deps.secret, row.secretSealed) : undefined;
  const fill = (text: string) => (secretPart === undefined ? text : text.replaceAll('{secret}', secretPart));

  if (!channel) {
    // Nothing configured: the admin's log and the server log only (never the secret part).
    log.info('message not sent (no channel configured)', { id: row.id, kind: row.kind, channel: row.channel, to: row.recipient, text: row.body });
    await settle(db, row, { status: 'logged', provider: 'log', sentAt: now, secretSealed: null, claimedAt: null, lastError: null });
    return;
  }
  // Stamped under this run's claim, right before the hand-over: a claim taken over meanwhile sends nothing here.
  const handed = await settle(db, row, { handedAt: deps.clock() }).returning({ id: outboxMessages.id });
  if (handed.length === 0) return;
  let receipt: SentReceipt;
  try {
    receipt =
      row.channel === 'sms'
        ? await (channel as SmsChannel).send({ to: row.recipient, text: fill(row.body), reference: row.id }, { timeoutMs: options.timeoutMs })
        : await (channel as EmailChannel).send(
            { to: row.recipient, subject: row.subject ?? '', text: fill(row.body), html: fill(row.html ?? ''), reference: row.id },
            { timeoutMs: options.timeoutMs },
          );
  } catch (error) {
    // A channel's own bug (not a SendFailure) says nothing of whether the message went: unknown.
    const failure = error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), 'unknown');
    if (failure.outcome === 'unknown') {
      // Kept sealed (a secret part is erased at its expiry): the admin may resend it after checking.
      await settle(db, row, { status: 'unknown', lastError: failure.message, provider: channel.name, claimedAt: null });
      log.warn('message outcome unknown: not sent again by itself', { id: row.id, kind: row.kind, channel: row.channel, error: failure.message });
      return;
    }
    if (row.channel === 'sms' && failure.creditLow) await alertCreditLow(deps, failure.message);
    const final = failure.outcome === 'refused' || row.attempts >= options.maxAttempts;
    const later = new Date(deps.clock().getTime() + backoffMs(row.attempts, options));
    await settle(
      db,
      row,
      final
        ? { status: 'failed', lastError: failure.message, provider: channel.name, secretSealed: null, claimedAt: null }
        : { status: 'queued', lastError: failure.message, provider: channel.name, nextAttemptAt: later, claimedAt: null, handedAt: null },
    );
    log.warn(final ? 'message failed' : 'message send failed, will retry', {
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      attempt: row.attempts,
      error: failure.message,
    });
    return;
  }
  await settle(db, row, {
    status: 'sent',
    sentAt: deps.clock(),
    provider: channel.name,
    providerId: receipt.providerId ?? null,
    lastError: null,
    secretSealed: null,
    claimedAt: null,
  });
}

export function createOutboxSender(deps: SenderDeps): OutboxSender {
  const options = { ...DEFAULT_SENDER_OPTIONS, ...deps.options };
  const { db, log } = deps;

  async function runOnce(): Promise<number> {
    const now = deps.clock();
    // Secrets nobody can send any more are erased, whatever state their message is in.
    await db
      .update(outboxMessages)
      .set({ secretSealed: null })
      .where(and(isNotNull(outboxMessages.secretSealed), lt(outboxMessages.secretExpiresAt, now)));
    const rows = await claimDue(db, now, options);
    for (const row of rows) {
      await deliver(deps, options, row);
    }
    return rows.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = runOnce()
      .catch((error) => log.warn('outbox run failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    runOnce,
    start(intervalMs) {
      timer = setInterval(pass, intervalMs);
      timer.unref();
      pass();
    },
    wake: () => setImmediate(pass),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
