import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EmbeddedPostgres, isAlive, startEmbeddedPostgres } from './embedded-postgres';
import { isConnectionError } from './errors';
import { moveFromPglite } from './pglite-move';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; services see only this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** embedded: the default, a PostgreSQL server the shop runs from DATA_DIR; postgres: DATABASE_URL's. */
  kind: 'pglite' | 'postgres' | 'embedded';
  /** The connection string (a server's kinds): backups connect with it. */
  url?: string;
  /**
   * A connection string for what needs a session of its own (LISTEN, session advisory locks):
   * DATABASE_DIRECT_URL when the pool goes through a transaction pooler, else `url`. None on PGlite.
   */
  directUrl?: string;
  close(): Promise<void>;
}

interface PostgresOptions {
  maxConnections?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory (tests, benchmarks)
  | ({ kind: 'postgres'; url: string; directUrl?: string } & PostgresOptions)
  | ({ kind: 'embedded'; dataDir: string; unsafeFastWrites?: boolean; user?: string; say?: (line: string) => void } & PostgresOptions);

/**
 * A database that stops answering (a host gone from the network, a stalled link: no reset arrives)
 * would hold every request for minutes. Connecting and each query have a limit instead; past it the
 * request gets a 503 (isConnectionError) and the pool drops the client. The limits are far above
 * the slowest query the shop makes (the catalogue at 5,000 products answers in milliseconds).
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 6_000; // a transaction's query and its ROLLBACK may both wait: 5 + 6 + 6 s stays under the app's 20 s

/** Migrations sit beside this module in the source tree and beside the bundle in dist/server. */
export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));
}

export class DataDirLockedError extends Error {}

/** What a lock file records of its holder: the pid, and on Linux the process's start time. */
interface LockHolder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot): a pid used again names another process. */
  start?: string;
}

/** A process's start time on Linux; undefined without /proc (macOS) or when it cannot be read. */
export function processStartTime(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command in parentheses and may hold spaces or ')': count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] || undefined;
  } catch {
    return undefined;
  }
}

function readLockHolder(lockPath: string): LockHolder | undefined {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) }; // written by a version before start times
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined;
    return { pid: parsed.pid as number, start: typeof parsed.start === 'string' ? parsed.start : undefined };
  } catch {
    return undefined; // unreadable (a write cut short): no holder can be proven
  }
}

/**
 * Whether the lock's holder is still running: the pid alive and, on Linux, the same process (its
 * start time as recorded), so a pid the system has since given to an unrelated process does not
 * keep the shop from starting. A lock from before start times were recorded counts only while its
 * pid runs the same executable as we do (node). Without /proc (macOS) liveness alone decides.
 */
function holderIsRunning(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  const start = processStartTime(holder.pid);
  if (start === undefined) return true;
  if (holder.start !== undefined) return holder.start === start;
  try {
    const program = fs.readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(program) === path.basename(process.execPath);
  } catch {
    return true; // alive but not inspectable: keep out, as before
  }
}

/**
 * One shop per data folder: a lock file holding our pid and start time keeps a second server or a
 * seed run out (PGlite takes no lock of its own, and the embedded server's orphan recovery must
 * never stop a live shop's database); a lock left by a process that is gone, or whose pid now
 * belongs to another process, is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'shop.lock');
  const start = processStartTime(process.pid);
  const record = JSON.stringify(start ? { pid: process.pid, start } : { pid: process.pid });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, record, { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockHolder(lockPath);
      if (holder && holder.pid !== process.pid && holderIsRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another process (pid ${holder.pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

/** The database the environment names: DATABASE_URL's server, or the embedded one in DATA_DIR. */
export function openConfiguredDatabase(
  env: { DATABASE_URL?: string; DATABASE_DIRECT_URL?: string; DATA_DIR: string; UNSAFE_FAST_WRITES: boolean; EMBEDDED_POSTGRES_USER?: string },
  say?: (line: string) => void,
): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, directUrl: env.DATABASE_DIRECT_URL })
    : openDatabase({ kind: 'embedded', dataDir: env.DATA_DIR, unsafeFastWrites: env.UNSAFE_FAST_WRITES, user: env.EMBEDDED_POSTGRES_USER, say });
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
    try {
      const client = options.dataDir ? await PGlite.create(path.join(options.dataDir, 'pgdata')) : await PGlite.create();
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      return {
        db: db as unknown as Db,
        kind: 'pglite',
        async close() {
          await client.close();
          unlock();
        },
      };
    } catch (error) {
      unlock();
      throw error;
    }
  }

  if (options.kind === 'embedded') return openEmbedded(options);
  return openPostgres(options.url, options);
}

/**
 * The default: the folder's lock, then its PostgreSQL server, then (once) the data of an older
 * version's PGlite folder moved in, then the same pool and migrations as DATABASE_URL.
 */
async function openEmbedded(options: Extract<DatabaseOptions, { kind: 'embedded' }>): Promise<Database> {
  const unlock = lockDataDir(options.dataDir);
  const say = options.say ?? (() => {});
  const start = () => startEmbeddedPostgres({ dataDir: options.dataDir, unsafeFastWrites: options.unsafeFastWrites, user: options.user, say });
  let server: EmbeddedPostgres | undefined;
  let closing = false;
  /**
   * A server that dies under the shop (the OOM killer, a kill by hand) is started again, the pool
   * reconnecting by itself; meanwhile requests get a 503 and GET /api/health says so.
   */
  const supervise = (running: EmbeddedPostgres) => {
    void running.exited.then(async () => {
      if (closing) return;
      say('Database: the PostgreSQL server stopped unexpectedly; starting it again.');
      for (let delay = 500; !closing; delay = Math.min(delay * 2, 30_000)) {
        await new Promise((r) => setTimeout(r, delay));
        if (closing) return;
        try {
          server = await start();
          if (closing) return void (await server.stop());
          say('Database: the PostgreSQL server is running again.');
          return supervise(server);
        } catch (error) {
          say(`Database: could not start the PostgreSQL server again (${(error as Error).message.split('\n')[0]}); trying again.`);
        }
      }
    });
  };
  try {
    server = await start();
    await moveFromPglite(options.dataDir, server.url, { migrationsFolder: migrationsFolder(), say });
    const database = await openPostgres(server.url, options);
    supervise(server);
    return {
      ...database,
      kind: 'embedded',
      async close() {
        closing = true;
        try {
          await database.close();
        } finally {
          await server?.stop();
          unlock();
        }
      },
    };
  } catch (error) {
    closing = true;
    await server?.stop();
    unlock();
    throw error;
  }
}

async function openPostgres(url: string, options: PostgresOptions & { directUrl?: string }): Promise<Database> {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // A session advisory lock holds only on a connection of its own (a transaction pooler would hand
  // the session to others between statements): the direct one. Migrations may wait for another
  // process's lock and run long: their client has no query limit.
  const directUrl = options.directUrl ?? url;
  await migrateOnce(new pg.Client({ connectionString: directUrl, connectionTimeoutMillis }));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
  });
  // A client losing its connection must not crash the process: node-postgres emits 'error' on the
  // client, which the pool handles only while the client is idle. A checked-out client (inside a
  // transaction, between two statements) needs its own listener; its next query fails (a 503), and the
  // pool drops it on release. The pool then connects afresh.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema });
  db.transaction = pooledTransaction(pool);
  return { db: db as unknown as Db, kind: 'postgres', url, directUrl, close: () => pool.end() };
}

/**
 * The advisory lock key under which a process migrates the database and then sets the shop up
 * (ensureShopBasics in shop-basics.ts): several processes starting at once do each once, one at a time.
 */
export const SETUP_LOCK_ID = 7263541;

/** Several app processes may start at once: one migrates, the others wait for it. */
async function migrateOnce(client: pg.Client): Promise<void> {
  client.on('error', () => {}); // a lost connection fails the awaited call below instead
  try {
    await client.connect();
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end().catch(() => {}); // ending the session releases the lock
  }
}

type PgDb = ReturnType<typeof drizzlePg<Schema>>;

/**
 * drizzle-orm's pooled `transaction()` sends BEGIN before the `try` whose `finally` gives the client
 * back (drizzle-team/drizzle-orm#6241, still in 0.45): a connection cut just before BEGIN leaks the
 * client, and a few such cuts leave the pool empty, every request then waiting for ever. Here each
 * transaction checks its client out and always gives it back; drizzle runs BEGIN, COMMIT or ROLLBACK
 * on that one client. A client whose connection broke is dropped by the pool, not handed out again.
 */
export function pooledTransaction(pool: pg.Pool): PgDb['transaction'] {
  return async (run, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await drizzlePg({ client, schema }).transaction(run, config);
    } catch (error) {
      if (isConnectionError(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
