import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, migrationsFolder, openDatabase } from '@/server/db/client';

/** The suite's server: api:embedded's own (the default engine), or TEST_DATABASE_URL's. */
function suiteServerUrl(): string {
  if (process.env.TEST_DB === 'embedded') return inject('embeddedUrl');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return serverUrl;
}

/**
 * How the shop under test connects: on the embedded server as the shop's role, which owns the test
 * databases (made from a template it migrated), as in production; TEST_DATABASE_URL's as given.
 */
function shopServerUrl(): string {
  return process.env.TEST_DB === 'embedded' ? inject('embeddedShopUrl') : suiteServerUrl();
}

/** The role owning the databases made here, when the shop connects as another than the admin. */
function ownerClause(): string {
  // Not new URL(): the embedded server's URLs have no host (their socket is in `?host=`).
  const userOf = (url: string) => decodeURIComponent(/^postgres(?:ql)?:\/\/([^@/:]*)(?::[^@/]*)?@/.exec(url)?.[1] ?? '');
  const [admin, shop] = [suiteServerUrl(), shopServerUrl()].map(userOf);
  return shop && shop !== admin ? ` owner "${shop}"` : '';
}

/** The same server's URL for another database (the embedded server's URL names its socket in `?host=`). */
function urlOfDatabase(serverUrl: string, name: string): string {
  return serverUrl.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${name}`);
}

/** A database of its own on the suite's server (empty, or a copy of `template`): its URL, and how to drop it. */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const serverUrl = suiteServerUrl();
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}${ownerClause()}` : `create database ${name}${ownerClause()}`);
  // Commits need not wait for the disk here: durability is proven on servers of its own
  // (embedded-postgres.test.ts); on a shared PostgreSQL with fsync on this halves the API suite.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();

  return {
    url: urlOfDatabase(shopServerUrl(), name),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The migrations' SQL, hashed: a template made from other migrations is never used. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort())
    hash.update(file).update(readFileSync(path.join(folder, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Taken while one process makes the template (every worker of both API projects may ask at once). */
const TEMPLATE_LOCK = 7_302_026;
let templateReady: Promise<string> | undefined;

/**
 * A migrated, empty database on the suite's server to copy test databases from: migrating each test
 * file's database from nothing took about 2 s, two hundred times a run. Made once per set of
 * migrations (its name carries their hash, so TEST_DATABASE_URL's server keeps it between runs) under
 * an advisory lock; no connection stays on it, as CREATE DATABASE … TEMPLATE requires.
 */
function migratedTemplate(): Promise<string> {
  templateReady ??= (async () => {
    const serverUrl = suiteServerUrl();
    const name = `shop_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_building_${randomBytes(3).toString('hex')}`;
        await admin.query(`create database ${building}${ownerClause()}`);
        // Migrated by the shop's role, so the copies' tables are its own.
        const database = await openDatabase({ kind: 'postgres', url: urlOfDatabase(shopServerUrl(), building), maxConnections: 1 });
        await database.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    } finally {
      await admin.end();
    }
    return name;
  })();
  return templateReady;
}

/**
 * A database of its own for one test file, dropped afterwards: on the api:embedded run's server
 * (TEST_DB=embedded) or on TEST_DATABASE_URL's (TEST_DB=postgres), copied from the migrated template
 * (opening it still runs the migrator, which finds nothing to do).
 */
export async function createTestDatabase(): Promise<Database> {
  const created = await createPostgresDatabase(await migratedTemplate());
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
