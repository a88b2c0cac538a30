import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Upgrading a shop that already has orders: the free-text `needs_attention` of the earlier schema
 * becomes typed admin flags, and cancelled orders are recorded as holding no stock.
 */
const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before the payment-edges migration. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the payment-edges migration', () => {
  it('turns needs_attention texts into open flags and marks cancelled orders as holding no stock', async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0001_orders_payments') });
    const insert = (number: string, status: string, note: string | null) =>
      db.execute(sql`insert into orders (order_number, full_name, email, phone, address, city, payment_method, subtotal_pesewas, total_pesewas, order_status, payment_status, needs_attention)
        values (${number}, 'Ama', 'ama@example.com', '0241234567', 'Osu', 'Accra', 'Mobile Money', 100, 100, ${status}, 'Paid', ${note})`);
    await insert('NK-AAAAA1', 'Cancelled', 'paid after expiry');
    await insert('NK-AAAAA2', 'Pending', 'payment amount mismatch');
    await insert('NK-AAAAA3', 'Processing', null);
    await insert('NK-AAAAA4', 'Cancelled', 'something a person wrote');

    await migrate(db, { migrationsFolder: MIGRATIONS });
    const flags = await db.execute<{ order_number: string; kind: string; reason: string; cleared_at: string | null }>(
      sql`select o.order_number, f.kind, f.reason, f.cleared_at from order_flags f join orders o on o.id = f.order_id order by o.order_number`,
    );
    expect(flags.rows).toEqual([
      { order_number: 'NK-AAAAA1', kind: 'paid_after_expiry', reason: 'From the earlier note: paid after expiry', cleared_at: null },
      { order_number: 'NK-AAAAA2', kind: 'amount_mismatch', reason: 'From the earlier note: payment amount mismatch', cleared_at: null },
      { order_number: 'NK-AAAAA4', kind: 'refund_due', reason: 'From the earlier note: something a person wrote', cleared_at: null },
    ]);
    const held = await db.execute<{ order_number: string; stock_held: boolean }>(sql`select order_number, stock_held from orders order by order_number`);
    expect(held.rows.map((row) => [row.order_number, row.stock_held])).toEqual([
      ['NK-AAAAA1', false],
      ['NK-AAAAA2', true],
      ['NK-AAAAA3', true],
      ['NK-AAAAA4', false],
    ]);
    const column = await db.execute(sql`select 1 from information_schema.columns where table_name = 'orders' and column_name = 'needs_attention'`);
    expect(column.rows).toEqual([]);
    await client.close();
  });
});
