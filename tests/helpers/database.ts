import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';

/** The suite's server: api:embedded's own (the default engine), or TEST_DATABASE_URL's. */
function suiteServerUrl(): string {
  if (process.env.TEST_DB === 'embedded') return inject('embeddedUrl');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return serverUrl;
}

/** The same server's URL for another database (the embedded server's URL names its socket in `?host=`). */
function urlOfDatabase(serverUrl: string, name: string): string {
  return serverUrl.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${name}`);
}

/** An empty database of its own on the suite's server: its URL, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const serverUrl = suiteServerUrl();
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // Commits need not wait for the disk here: durability is proven on servers of its own
  // (embedded-postgres.test.ts); on a shared PostgreSQL with fsync on this halves the API suite.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();

  return {
    url: urlOfDatabase(serverUrl, name),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A database of its own for one test file, dropped afterwards: on the api:embedded run's server
 * (TEST_DB=embedded) or on TEST_DATABASE_URL's (TEST_DB=postgres).
 */
export async function createTestDatabase(): Promise<Database> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
