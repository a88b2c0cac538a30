import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

/** An empty database of its own on the TEST_DATABASE_URL server: its URL, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
 * A database of the suite's kind for one test file: a fresh in-memory PGlite, or (TEST_DB=postgres)
 * a database of its own on the TEST_DATABASE_URL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ kind: 'pglite' });

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
