import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { errorForLog } from '../db/errors';
import type { Logger } from '../logger';
import { type CatalogueChange, catalogueChangedElsewhere, onCatalogueChanged } from './catalogue-signal';

/**
 * The one "catalogue changed" signal across server processes sharing one PostgreSQL (issue 30):
 * each process publishes the changes made through it with NOTIFY, and hears the others' on a
 * connection of its own that LISTENs. A lost connection is opened again; whatever was said while
 * it was down is unknown, so every local copy is dropped when it listens again, and every couple of
 * seconds while it cannot (as short-lived as copies were before processes could tell each other).
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** How an operator (and the test that cuts it) finds the listening connection in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'nkuto-listen';
/** NOTIFY refuses a payload of 8000 bytes or more (the server's default): a margin under it. */
export const MAX_NOTICE_BYTES = 7_900;

/** What goes on the channel: who said it (so a process ignores its own echo) and the change. */
export interface CatalogueNotice {
  from: string;
  change: CatalogueChange;
}

/** The notice's text; a stock change naming too many products to fit goes as `all`. */
export function noticeText(from: string, change: CatalogueChange): string {
  const text = JSON.stringify({ from, change } satisfies CatalogueNotice);
  return Buffer.byteLength(text) <= MAX_NOTICE_BYTES ? text : JSON.stringify({ from, change: { kind: 'all' } } satisfies CatalogueNotice);
}

/**
 * Tells every listening process of a change (one NOTIFY, sent when the statement commits). The bridge
 * sends this process's changes; a command that writes to the catalogue outside any server process
 * (`npm run seed` against DATABASE_URL) calls it itself.
 */
export async function announceCatalogueChange(db: Db, from: string, change: CatalogueChange = { kind: 'all' }): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${noticeText(from, change)})`);
}

const isChange = (value: unknown): value is CatalogueChange => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, productIds } = value as { kind?: unknown; productIds?: unknown };
  if (kind === 'all' || kind === 'products') return true;
  return kind === 'stock' && Array.isArray(productIds) && productIds.every((id) => typeof id === 'string');
};

/** A notice heard on the channel; one that cannot be read (another tool's NOTIFY) counts as "anything may have changed". */
export function readNotice(payload: string | undefined): CatalogueNotice {
  try {
    const parsed = JSON.parse(payload ?? '') as Partial<CatalogueNotice>;
    if (typeof parsed.from === 'string' && isChange(parsed.change)) {
      const change: CatalogueChange = parsed.change.kind === 'stock' ? { kind: 'stock', productIds: parsed.change.productIds } : { kind: parsed.change.kind };
      return { from: parsed.from, change };
    }
  } catch {
    // fall through: unreadable
  }
  return { from: '', change: { kind: 'all' } };
}

export interface CatalogueNotifyOptions {
  db: Db;
  /** The direct connection for LISTEN (DATABASE_DIRECT_URL, else the pool's own: a transaction pooler cannot LISTEN). */
  url: string;
  log: Logger;
  applicationName?: string;
  /** The first wait before listening again after a loss; it doubles up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** While not listening, local copies are dropped this often (another process's change may go unheard). */
  unheardDropMs?: number;
  /** How often the listening connection is checked (a link that died silently sends no error). */
  pingMs?: number;
  connectTimeoutMs?: number;
}

/** The bridge's state, for GET /api/health and for the catalogue cache (a short TTL while not listening). */
export interface CatalogueNotifyState {
  isListening(): boolean;
}

export interface CatalogueNotify extends CatalogueNotifyState {
  /** This process's id in notices (its own echo is ignored). */
  readonly processId: string;
  /** Settles after the first attempt to listen, whether it worked or not (a failure keeps trying in the background). */
  readonly started: Promise<void>;
  /** Stops listening and publishing; waits for notices being sent (call before the pool closes). */
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
/** The catalogue cache's lifetime before processes told each other of changes. */
const UNHEARD_DROP_MS = 2_000;
const PING_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;
const PUBLISH_TRIES = 3;

/** Ends a connection without waiting long: a link that died silently never confirms the end. */
async function closeQuietly(connection: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connection.end().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);
}

/** Starts publishing this process's changes and listening for the others'. */
export function startCatalogueNotify(options: CatalogueNotifyOptions): CatalogueNotify {
  const { db, url, log } = options;
  const firstRetryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  const maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
  const unheardDropMs = options.unheardDropMs ?? UNHEARD_DROP_MS;
  const pingMs = options.pingMs ?? PING_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const processId = randomUUID();

  let stopped = false;
  let listening = false;
  let everListened = false;
  /** The connection in use (connecting or listening); a lost one is dropped from here first. */
  let current: pg.Client | undefined;
  let retryDelay = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let unheardTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  /** The latest attempt to listen: a stop waits for it, so no connection outlives the shop. */
  let inFlight: Promise<void> = Promise.resolve();
  const publishing = new Set<Promise<void>>();

  // A listener that throws must not take the process down from inside the driver's event.
  const dropLocalCopies = (change: CatalogueChange) => {
    try {
      catalogueChangedElsewhere(db, change);
    } catch (error) {
      log.warn('a catalogue listener failed', { error: errorForLog(error) });
    }
  };

  /**
   * Notices leave one after another, in the order the changes were made: sent side by side on a
   * pool they could commit (and reach the others) in any order.
   */
  let lastSent: Promise<void> = Promise.resolve();
  const publish = (change: CatalogueChange) => {
    const sending = lastSent.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await announceCatalogueChange(db, processId, change);
          return;
        } catch (error) {
          if (attempt >= PUBLISH_TRIES || stopped) {
            // The others see it when their caches run out, or when their listener reconnects.
            log.warn('catalogue change not told to other processes', { error: errorForLog(error) });
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    });
    lastSent = sending;
    publishing.add(sending);
    void sending.finally(() => publishing.delete(sending));
  };
  // Local listeners run first (synchronously, in the signal); the notice leaves afterwards.
  const unsubscribe = onCatalogueChanged(db, (change, origin) => {
    if (!origin.remote && !stopped) publish(change);
  });

  const heard = (message: pg.Notification) => {
    if (message.channel !== CATALOGUE_CHANNEL) return;
    const notice = readNotice(message.payload);
    if (notice.from === processId) return;
    dropLocalCopies(notice.change);
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    // A little jitter, so processes that lost the server together do not come back in step.
    const wait = Math.round(retryDelay * (1 + Math.random() * 0.2));
    retryDelay = Math.min(retryDelay * 2, maxRetryMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      inFlight = listen();
    }, wait);
    retryTimer.unref();
  };

  const lose = (connection: pg.Client, error?: unknown) => {
    if (current !== connection) return; // already handled (an error is followed by an end)
    current = undefined;
    connection.removeListener('notification', heard);
    void closeQuietly(connection);
    if (listening) log.warn('catalogue listener lost its connection; listening again', { error: error ? errorForLog(error) : 'connection ended' });
    listening = false;
    clearInterval(pingTimer);
    if (!stopped && !unheardTimer && unheardDropMs > 0) {
      unheardTimer = setInterval(() => dropLocalCopies({ kind: 'all' }), unheardDropMs);
      unheardTimer.unref();
    }
    scheduleRetry();
  };

  const ping = async (connection: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        connection.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the listening connection did not answer')), connectTimeoutMs);
        }),
      ]);
    } catch (error) {
      lose(connection, error);
    } finally {
      clearTimeout(timer);
    }
  };

  const listen = async (): Promise<void> => {
    if (stopped) return;
    const connection = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    current = connection;
    // Kept for the connection's life, even once dropped: an error event without a listener would end the process.
    connection.on('error', (error) => lose(connection, error));
    connection.on('end', () => lose(connection));
    connection.on('notification', heard);
    try {
      await connection.connect();
      await connection.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      if (!listening && !everListened) log.warn('catalogue listener could not connect; trying again', { error: errorForLog(error) });
      lose(connection, error);
      return;
    }
    if (current !== connection) {
      // Stopped while it was starting (a loss has ended it already).
      await closeQuietly(connection);
      return;
    }
    listening = true;
    retryDelay = firstRetryMs;
    clearInterval(unheardTimer);
    unheardTimer = undefined;
    pingTimer = setInterval(() => void ping(connection), pingMs);
    pingTimer.unref();
    if (everListened) {
      log.info('catalogue listener listening again; local copies dropped');
      // Notices sent while it was down are lost: anything may have changed.
      dropLocalCopies({ kind: 'all' });
    }
    everListened = true;
  };

  inFlight = listen();
  const started = inFlight;

  return {
    processId,
    started,
    isListening: () => listening,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(retryTimer);
      clearInterval(unheardTimer);
      clearInterval(pingTimer);
      const connection = current;
      current = undefined;
      listening = false;
      await inFlight;
      await Promise.all([...publishing]);
      if (connection) {
        connection.removeListener('notification', heard);
        await closeQuietly(connection);
      }
    },
  };
}
