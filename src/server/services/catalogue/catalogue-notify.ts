import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { errorForLog } from '../../db/errors';
import type { Logger } from '../../logger';
import { type CatalogueChange, catalogueChangedElsewhere, onCatalogueChanged } from './catalogue-signal';

/**
 * The one "catalogue changed" signal across server processes sharing one PostgreSQL:
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
  const { db, log } = options;
  const processId = randomUUID();

  // A listener that throws must not take the process down from inside the driver's event.
  const dropLocalCopies = (change: CatalogueChange) => {
    try {
      catalogueChangedElsewhere(db, change);
    } catch (error) {
      log.warn('a catalogue listener failed', { error: errorForLog(error) });
    }
  };

  const listener: Listener = {
    options,
    firstRetryMs: options.firstRetryMs ?? FIRST_RETRY_MS,
    maxRetryMs: options.maxRetryMs ?? MAX_RETRY_MS,
    unheardDropMs: options.unheardDropMs ?? UNHEARD_DROP_MS,
    pingMs: options.pingMs ?? PING_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    dropLocalCopies,
    heard: (message: pg.Notification) => {
      if (message.channel !== CATALOGUE_CHANNEL) return;
      const notice = readNotice(message.payload);
      if (notice.from === processId) return;
      dropLocalCopies(notice.change);
    },
    stopped: false,
    listening: false,
    everListened: false,
    current: undefined,
    retryDelay: options.firstRetryMs ?? FIRST_RETRY_MS,
    retryTimer: undefined,
    unheardTimer: undefined,
    pingTimer: undefined,
    inFlight: Promise.resolve(),
  };
  const publisher = startPublishing(db, log, processId, () => listener.stopped);

  listener.inFlight = listen(listener);
  const started = listener.inFlight;

  return {
    processId,
    started,
    isListening: () => listener.listening,
    async stop() {
      listener.stopped = true;
      publisher.unsubscribe();
      clearTimeout(listener.retryTimer);
      clearInterval(listener.unheardTimer);
      clearInterval(listener.pingTimer);
      const connection = listener.current;
      listener.current = undefined;
      listener.listening = false;
      await listener.inFlight;
      await Promise.all([...publisher.publishing]);
      if (connection) {
        connection.removeListener('notification', listener.heard);
        await closeQuietly(connection);
      }
    },
  };
}

/**
 * Tells the other processes of this one's changes. Notices leave one after another, in the order
 * the changes were made: sent side by side on a pool they could commit (and reach the others) in any order.
 */
function startPublishing(db: Db, log: Logger, processId: string, isStopped: () => boolean) {
  const publishing = new Set<Promise<void>>();
  let lastSent: Promise<void> = Promise.resolve();
  const publish = (change: CatalogueChange) => {
    const sending = lastSent.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await announceCatalogueChange(db, processId, change);
          return;
        } catch (error) {
          if (attempt >= PUBLISH_TRIES || isStopped()) {
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
    if (!origin.remote && !isStopped()) publish(change);
  });
  /** `publishing`: the notices still on their way, which a stop waits for. */
  return { publishing, unsubscribe };
}

/** The listening side: one connection at a time, listened on again (with a growing wait) whenever it is lost. */
interface Listener {
  options: CatalogueNotifyOptions;
  firstRetryMs: number;
  maxRetryMs: number;
  unheardDropMs: number;
  pingMs: number;
  connectTimeoutMs: number;
  dropLocalCopies: (change: CatalogueChange) => void;
  heard: (message: pg.Notification) => void;
  stopped: boolean;
  listening: boolean;
  everListened: boolean;
  /** The connection in use (connecting or listening); a lost one is dropped from here first. */
  current: pg.Client | undefined;
  retryDelay: number;
  retryTimer: NodeJS.Timeout | undefined;
  unheardTimer: NodeJS.Timeout | undefined;
  pingTimer: NodeJS.Timeout | undefined;
  /** The latest attempt to listen: a stop waits for it, so no connection outlives the shop. */
  inFlight: Promise<void>;
}

function scheduleRetry(l: Listener): void {
  if (l.stopped || l.retryTimer) return;
  // A little jitter, so processes that lost the server together do not come back in step.
  const wait = Math.round(l.retryDelay * (1 + Math.random() * 0.2));
  l.retryDelay = Math.min(l.retryDelay * 2, l.maxRetryMs);
  l.retryTimer = setTimeout(() => {
    l.retryTimer = undefined;
    l.inFlight = listen(l);
  }, wait);
  l.retryTimer.unref();
}

function lose(l: Listener, connection: pg.Client, error?: unknown): void {
  if (l.current !== connection) return; // already handled (an error is followed by an end)
  l.current = undefined;
  connection.removeListener('notification', l.heard);
  void closeQuietly(connection);
  if (l.listening) l.options.log.warn('catalogue listener lost its connection; listening again', { error: error ? errorForLog(error) : 'connection ended' });
  l.listening = false;
  clearInterval(l.pingTimer);
  if (!l.stopped && !l.unheardTimer && l.unheardDropMs > 0) {
    l.unheardTimer = setInterval(() => l.dropLocalCopies({ kind: 'all' }), l.unheardDropMs);
    l.unheardTimer.unref();
  }
  scheduleRetry(l);
}

async function ping(l: Listener, connection: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      connection.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the listening connection did not answer')), l.connectTimeoutMs);
      }),
    ]);
  } catch (error) {
    lose(l, connection, error);
  } finally {
    clearTimeout(timer);
  }
}

async function listen(l: Listener): Promise<void> {
  if (l.stopped) return;
  const { options } = l;
  const connection = new pg.Client({
    connectionString: options.url,
    application_name: options.applicationName ?? LISTEN_APPLICATION_NAME,
    connectionTimeoutMillis: l.connectTimeoutMs,
    keepAlive: true,
  });
  l.current = connection;
  // Kept for the connection's life, even once dropped: an error event without a listener would end the process.
  connection.on('error', (error) => lose(l, connection, error));
  connection.on('end', () => lose(l, connection));
  connection.on('notification', l.heard);
  try {
    await connection.connect();
    await connection.query(`listen ${CATALOGUE_CHANNEL}`);
  } catch (error) {
    if (!l.listening && !l.everListened) options.log.warn('catalogue listener could not connect; trying again', { error: errorForLog(error) });
    lose(l, connection, error);
    return;
  }
  if (l.current !== connection) {
    // Stopped while it was starting (a loss has ended it already).
    await closeQuietly(connection);
    return;
  }
  l.listening = true;
  l.retryDelay = l.firstRetryMs;
  clearInterval(l.unheardTimer);
  l.unheardTimer = undefined;
  l.pingTimer = setInterval(() => void ping(l, connection), l.pingMs);
  l.pingTimer.unref();
  if (l.everListened) {
    options.log.info('catalogue listener listening again; local copies dropped');
    // Notices sent while it was down are lost: anything may have changed.
    l.dropLocalCopies({ kind: 'all' });
  }
  l.everListened = true;
}
