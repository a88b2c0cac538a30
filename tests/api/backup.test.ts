import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, migrateToLevel, readBackupHeader, restoreBackup, type SqlClient, writeBackup } from '@/server/db/backup';
import { backupFileName, pruneBackups } from '@/server/db/backup-folder';
import { type Database, migrationsFolder, openDatabase } from '@/server/db/client';
import { products, promoCodes } from '@/server/db/schema';
import { registerCustomer } from '@/server/services/accounts/auth';
import { placeOrder } from '@/server/services/orders/orders';
import { backupNow } from '@/server/services/shop/backups';
import { TEST_SECRET } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { checkoutForm } from '../helpers/orders';

/**
 * The shop's own backup format, on real databases: a PGlite shop written out and loaded into
 * PostgreSQL (the move to the embedded server), refusals, an older level brought up to date, and
 * pruning. PostgreSQL only (vitest.config.ts): restoring needs a server.
 */

const NOW = new Date('2026-11-25T06:30:00.000Z');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };

let dir: string;
let source: Database;
let sourceFile: string;
const cleanups: (() => Promise<void>)[] = [];

/** An empty database on the test server, and a client connected to it; both go after the file. */
async function emptyDatabase(): Promise<{ url: string; client: pg.Client }> {
  const created = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    await created.drop();
  });
  return { url: created.url, client };
}

/** Every public table's rows as PostgreSQL's JSON text, sorted: equal dumps mean byte-equal data. */
async function dump(client: SqlClient): Promise<Record<string, string[]>> {
  await client.query(`set timezone = 'UTC'`);
  const { rows: tables } = await client.query(`select tablename::text as name from pg_tables where schemaname = 'public' order by tablename`);
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await client.query(`select row_to_json(t)::text as json from public."${name}" as t`);
    result[name] = rows.map((row) => row.json as string).sort();
  }
  return result;
}

/**
 * The catalogue sync's bookkeeping left out: transaction ids belong to the database they were made
 * in, so a restore stamps the products with its own and draws a new catalogue epoch (every phone's
 * copy from before it is then replaced whole; services/catalogue/catalogue-changes.ts).
 */
function withoutSyncStamps(tables: Record<string, string[]>): Record<string, string[]> {
  const unstamped = (json: string) => {
    const { data_version, stock_version, ...row } = JSON.parse(json);
    return JSON.stringify(row);
  };
  return { ...tables, catalogue_epoch: [], products: (tables.products ?? []).map(unstamped) };
}

async function count(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}

/** A copy of a backup with its last line (the end line) cut off, still valid gzip. */
function withoutEndLine(file: string): string {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  const cut = path.join(dir, 'cut.backup.gz');
  fs.writeFileSync(cut, zlib.gzipSync(`${text.trimEnd().split('\n').slice(0, -1).join('\n')}\n`));
  return cut;
}

/** A backup at this version's level holding a table it does not know. */
function withUnknownTable(): string {
  const header = {
    format: 'nkuto-shop-backup',
    version: 1,
    createdAt: NOW.toISOString(),
    migrations: journal.entries.length,
    lastMigrationAt: journal.entries.at(-1)?.when,
  };
  const lines = [header, { table: 'ghosts', rows: 1 }, { id: 1 }, { end: true, tables: 1, rows: 1 }];
  const file = path.join(dir, 'ghosts.backup.gz');
  fs.writeFileSync(file, zlib.gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join('')));
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
  // A PGlite shop made through the services: a customer, products, an order with its lines.
  source = await openDatabase({ kind: 'pglite' });
  const { db } = source;
  const signUp = { fullName: 'Ama Mensah', email: 'ama@example.com', password: 'correct horse', confirmPassword: 'correct horse' };
  const customer = await registerCustomer(db, signUp, NOW);
  // The spec's code comes with the demo data only; this shop has it as its own.
  await db.insert(promoCodes).values({ code: 'SAVE10', percent: 10 }).onConflictDoNothing();
  const [shea, soap] = await db
    .insert(products)
    .values([
      { name: 'Raw Shea Butter — "unrefined"\nline two ₵', category: 'Skin', pricePesewas: 4550, stock: 10, images: ['a1b2'], rating: 4.7, createdAt: NOW },
      { name: 'African Black Soap', category: 'Cleansers', pricePesewas: 2000, stock: 4, rating: 0.1, createdAt: NOW },
    ])
    .returning({ id: products.id });
  if (!shea || !soap) throw new Error('products not inserted');
  await placeOrder(db, {
    form: { ...checkoutForm, paymentMethod: 'Mobile Money', promoCode: 'SAVE10' },
    guestCart: [
      { productId: shea.id, quantity: 2 },
      { productId: soap.id, quantity: 1 },
    ],
    userId: customer._id,
    holdMinutes: 30,
    codConfirmHours: 48,
    buyerUnitsPerDay: 0,
    secret: TEST_SECRET,
    publicUrl: 'http://localhost',
    now: NOW,
  });
  // The migration seeds SAVE10; the backup's later state of it must win on restore.
  await db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'SAVE10'));
  sourceFile = path.join(dir, backupFileName(NOW));
  await writeBackup((db as any).$client, sourceFile, NOW);
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await source?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('shop backups', () => {
  it('moves a PGlite shop into PostgreSQL with every row byte-equal, and the shop writes on', async () => {
    expect(await readBackupHeader(sourceFile)).toEqual({
      format: 'nkuto-shop-backup',
      version: 1,
      createdAt: NOW.toISOString(),
      migrations: journal.entries.length,
      lastMigrationAt: journal.entries.at(-1)?.when,
    });
    const { url, client } = await emptyDatabase();

    const summary = await restoreBackup(client, sourceFile, { migrationsFolder: migrationsFolder() });

    const expected = await dump((source.db as any).$client);
    expect(expected.orders).toHaveLength(1);
    expect(expected.order_items).toHaveLength(2);
    expect(withoutSyncStamps(await dump(client))).toEqual(withoutSyncStamps(expected));
    const epoch = 'select epoch::text from catalogue_epoch';
    const [before, after] = [(await (source.db as any).$client.query(epoch)).rows, (await client.query(epoch)).rows];
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect(summary).toMatchObject({ file: sourceFile, tables: Object.keys(expected).length, migrations: journal.entries.length, createdAt: NOW.toISOString() });
    expect(summary.rows).toBe(Object.values(expected).reduce((sum, rows) => sum + rows.length, 0));
    const migrations = 'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at';
    expect((await client.query(migrations)).rows).toEqual((await (source.db as any).$client.query(migrations)).rows);

    // The shop opens on it (nothing left to migrate) and writes.
    const restored = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
    try {
      await restored.db.insert(products).values({ name: 'Coconut Oil', category: 'Natural Oils', pricePesewas: 1500 });
      expect(await count(client, 'products')).toBe(3);
    } finally {
      await restored.close();
    }
  });

  it('refuses a cut-short file and a target that holds a shop, leaving the target as it was', async () => {
    const { url, client } = await emptyDatabase();
    const options = { migrationsFolder: migrationsFolder() };

    await expect(restoreBackup(client, withoutEndLine(sourceFile), options)).rejects.toThrow(/incomplete backup/);
    // A table this version does not have is found only once the schema is built: that is undone again.
    await expect(restoreBackup(client, withUnknownTable(), options)).rejects.toThrow(/tables this version of the shop does not have.*: ghosts/);
    expect((await client.query(`select tablename from pg_tables where schemaname = 'public'`)).rows).toEqual([]);
    expect(await count(client, 'drizzle.__drizzle_migrations')).toBe(0);

    const shop = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
    await shop.db.execute(sql`insert into products (name, category, price_pesewas) values ('Kept', 'Hair', 100)`);
    await shop.close();
    const refusal = restoreBackup(client, sourceFile, options);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(/already holds a shop/);
    expect((await client.query('select name from products')).rows).toEqual([{ name: 'Kept' }]);
    expect(await count(client, 'users')).toBe(0);
  });

  it('brings a backup made at an older level up to the latest, later migrations running on its rows', async () => {
    const old = await emptyDatabase();
    await migrateToLevel(old.client, migrationsFolder(), 2);
    await old.client.query(`insert into products (name, category, price_pesewas) values ('Old Shea', 'Skin', 900)`);
    await old.client.query(
      `insert into orders (order_number, full_name, email, phone, address, city, payment_method, subtotal_pesewas, total_pesewas, order_status, needs_attention)
       values ('NK-OLD234', 'Kofi', 'kofi@example.com', '0241234567', 'Osu', 'Accra', 'Mobile Money', 900, 900, 'Cancelled', 'paid twice')`,
    );
    const file = path.join(dir, 'old.backup.gz');
    const written = await writeBackup(old.client, file, NOW);
    expect(written.migrations).toBe(2);
    expect((await readBackupHeader(file)).lastMigrationAt).toBe(journal.entries[1]?.when);

    const { client } = await emptyDatabase();
    await restoreBackup(client, file, { migrationsFolder: migrationsFolder() });

    expect(await count(client, 'drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect((await client.query('select name, price_pesewas from products')).rows).toEqual([{ name: 'Old Shea', price_pesewas: 900 }]);
    // 0002 turned the old note into a typed flag and released the cancelled order's stock.
    expect((await client.query('select stock_held from orders')).rows).toEqual([{ stock_held: false }]);
    expect((await client.query('select kind from order_flags')).rows).toEqual([{ kind: 'paid_twice' }]);
  });

  it('writes backups 0600 in folders of mode 0700, and closes a backups folder an earlier version left open', async () => {
    const mode = (target: string) => fs.statSync(target).mode & 0o777;
    expect(mode(sourceFile)).toBe(0o600);
    const nested = path.join(dir, 'modes', 'made', 'here');
    const file = path.join(nested, backupFileName(NOW));
    await writeBackup((source.db as any).$client, file, NOW);
    expect([mode(file), mode(nested), mode(path.dirname(nested))]).toEqual([0o600, 0o700, 0o700]);

    // DATA_DIR/backups as an earlier version left it: 0755, with a 0644 backup in it.
    const open = path.join(dir, 'open-backups');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o755);
    const earlier = path.join(open, backupFileName(new Date('2026-11-01T00:00:00Z')));
    fs.copyFileSync(sourceFile, earlier);
    fs.chmodSync(earlier, 0o644);
    const { url } = await emptyDatabase();
    const summary = await backupNow(url, open, 7, NOW);
    expect([mode(summary.file), mode(open), mode(earlier)]).toEqual([0o600, 0o700, 0o600]);
    expect(fs.readdirSync(open).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('prunes the oldest daily backups beyond the number kept, and nothing else', () => {
    const folder = path.join(dir, 'daily');
    fs.mkdirSync(folder);
    const days = [3, 1, 4, 2].map((day) => backupFileName(new Date(Date.UTC(2026, 10, day, 6, 30))));
    for (const name of [...days, 'pglite-shop-2026-01-01T00-00-00Z.backup.gz', 'notes.txt']) fs.writeFileSync(path.join(folder, name), '');

    const deleted = pruneBackups(folder, 2);

    expect(days[1]).toBe('shop-2026-11-01T06-30-00Z.backup.gz');
    expect(deleted).toEqual([path.join(folder, days[1] ?? ''), path.join(folder, days[3] ?? '')]);
    expect(fs.readdirSync(folder).sort()).toEqual([days[0], days[2], 'notes.txt', 'pglite-shop-2026-01-01T00-00-00Z.backup.gz'].sort());
  });
});
