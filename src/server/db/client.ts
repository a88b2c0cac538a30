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
import { isConnectionError } from './errors';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; services see only this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory (tests, benchmarks)
  | { kind: 'postgres'; url: string; maxConnections?: number; connectTimeoutMs?: number; queryTimeoutMs?: number };

/**
 * A database that stops answering (a host gone from the network, a stalled link: no reset arrives)
 * would hold every request for minutes. Connecting and each query have a limit instead; past it the
 * request gets a 503 (isConnectionError) and the pool drops the client. The limits are far above
 * the slowest query the shop makes (the catalogue at 5,000 products answers in milliseconds).
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 6_000; // a transaction's query and its ROLLBACK may both wait: 5 + 6 + 6 s stays under the app's 20 s

/** Migrations sit beside this module in the source tree and beside the bundle in dist/server. */
function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));
}

export class DataDirLockedError extends Error {}

/**
 * PGlite takes no lock of its own: two processes on one folder corrupt it. A lock file holding
 * our pid keeps a second server or a seed run out; a lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(`The data folder ${dir} is in use by another process (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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

  const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // Migrations may wait for another process's lock and run long: their client has no query limit.
  await migrateOnce(new pg.Client({ connectionString: options.url, connectionTimeoutMillis }));
  const pool = new pg.Pool({
    connectionString: options.url,
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
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Several app processes may start at once: one migrates, the others wait for it. */
async function migrateOnce(client: pg.Client): Promise<void> {
  client.on('error', () => {}); // a lost connection fails the awaited call below instead
  try {
    await client.connect();
    await client.query('select pg_advisory_lock(7263541)');
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
