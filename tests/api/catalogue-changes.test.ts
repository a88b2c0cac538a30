import { gunzipSync } from 'node:zlib';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { resetDatabase } from '@/server/db/reset';
import { products } from '@/server/db/schema';
import { DEMO_PRODUCTS } from '@/server/demo/catalogue';
import type { CatalogueChanges } from '@/shared/catalogue';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

/**
 * GET /api/catalogueChanges: the phone's copy of the catalogue kept by changes. The version is the
 * read's snapshot xmin (services/catalogue/catalogue-changes.ts), so nothing committed late is ever skipped.
 */
const api = setupTestApi();
/** As a shop runs: the whole catalogue's answer built once and kept (uncached, each build carries the newest version). */
const cached = setupTestApi({ catalogueCacheMs: 60_000 });

async function changes(since?: string): Promise<CatalogueChanges> {
  const { status, body } = await api.json('GET', `/api/catalogueChanges${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const ids = (list: { _id: string }[]) => list.map((p) => p._id).sort();

const firstRow = (result: unknown) => (result as { rows: { x: string }[] }).rows[0]?.x ?? '0';

/**
 * Waits until every transaction begun so far on the whole server has ended. A version is the
 * server's oldest running transaction, and other test files share the server: a version taken after
 * this is past every write made before it, so an answer since it holds exactly the later changes
 * (without this it may also repeat a few earlier ones, which the phone may get and the API allows).
 */
async function settle(): Promise<void> {
  const mark = BigInt(firstRow(await api.db.execute(sql`select pg_current_xact_id()::text as x`)));
  for (let tries = 0; tries < 400; tries++) {
    if (BigInt(firstRow(await api.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`))) > mark) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('a transaction on the test server stayed open for 10 s');
}

/** What the phone does with an answer: replace its copy, or drop, put and patch. */
function apply(copy: Map<string, Product>, answer: CatalogueChanges): Map<string, Product> {
  const next = answer.full ? new Map<string, Product>() : new Map(copy);
  for (const id of answer.deleted) next.delete(id);
  for (const product of answer.products) next.set(product._id, product);
  for (const level of answer.stock) {
    const product = next.get(level._id);
    if (product) next.set(level._id, { ...product, stock: level.stock, unitsSold: level.unitsSold });
  }
  return next;
}

async function adminEdit(token: string, id: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await api.request('PATCH', `/api/updateProductInfo/${id}`, { token, form });
  expect(res.status).toBe(200);
}

describe('GET /api/catalogueChanges', () => {
  it('answers the whole catalogue first, then only edits, additions, deletions and stock moves', async () => {
    const edited = await api.createProduct({ name: 'Shea Butter', stock: 10 });
    const sold = await api.createProduct({ name: 'Black Soap', stock: 10 });
    const deleted = await api.createProduct({ name: 'Baobab Oil', stock: 10 });
    const restocked = await api.createProduct({ name: 'Moringa Oil', stock: 0 });
    const quiet = await api.createProduct({ name: 'Cocoa Butter', stock: 10 });
    const admin = await api.createUser({ role: 'admin' });

    await settle();
    const first = await changes();
    expect(first.full).toBe(true);
    expect(first.version).toMatch(/^v1\.\d+\.\d+$/);
    expect(ids(first.products)).toEqual([edited.id, sold.id, deleted.id, restocked.id, quiet.id].sort());
    expect(await changes(first.version)).toMatchObject({ full: false, products: [], deleted: [], stock: [] });

    await adminEdit(admin.token, edited.id, { name: 'Whipped Shea Butter' });
    expect((await guestOrder(api, [{ productId: sold.id, quantity: 2 }])).status).toBe(201);
    expect((await api.request('DELETE', `/api/deleteProduct/${deleted.id}`, { token: admin.token })).status).toBe(200);
    // A restock changes only stock: it travels as a stock level, not a whole product.
    await adminEdit(admin.token, restocked.id, { stock: '50' });
    const added = await api.createProduct({ name: 'Neem Soap' });

    await settle();
    const delta = await changes(first.version);
    expect(delta.full).toBe(false);
    expect(ids(delta.products)).toEqual([edited.id, added.id].sort());
    expect(delta.products.find((p) => p._id === edited.id)?.name).toBe('Whipped Shea Butter');
    expect(delta.deleted).toEqual([deleted.id]);
    expect(delta.stock).toEqual(
      [
        { _id: sold.id, stock: 8, unitsSold: 2 },
        { _id: restocked.id, stock: 50, unitsSold: 0 },
      ].sort((a, b) => (a._id < b._id ? -1 : 1)),
    );

    // The copy kept by changes is the catalogue as it is now.
    const kept = apply(apply(new Map(), first), delta);
    const fresh = apply(new Map(), await changes());
    expect(ids([...kept.values()])).toEqual(ids([...fresh.values()]));
    for (const [id, product] of fresh) expect(kept.get(id), id).toEqual(product);
    // And nothing after that.
    expect(await changes(delta.version)).toMatchObject({ full: false, products: [], deleted: [], stock: [] });
  });

  it('still delivers a write whose transaction committed after the version was handed out', async () => {
    const shea = await api.createProduct({ name: 'Shea Butter', price: 45 });
    await settle();
    const before = await changes();
    const other = new pg.Client({ connectionString: api.database.url });
    await other.connect();
    let during: CatalogueChanges;
    try {
      // An admin's edit under way: its transaction id is taken before the next write's.
      await other.query('begin');
      await other.query('update products set price_pesewas = 9900 where id = $1', [shea.id]);
      // A later transaction commits first: "everything after the newest id seen" would now pass the edit.
      const cocoa = await api.createProduct({ name: 'Cocoa Butter' });
      during = await changes(before.version);
      expect(ids(during.products)).toEqual([cocoa.id]);
      await other.query('commit');
    } finally {
      await other.end();
    }
    const after = await changes(during.version);
    expect(after.products.find((p) => p._id === shea.id)?.price).toBe(99);
  });

  it('sends 10 product edits in well under 20 KB gzipped, however large the catalogue', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const demo = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length] as (typeof DEMO_PRODUCTS)[number];
      return {
        name: `${demo.name} ${i}`,
        description: demo.description,
        category: demo.category,
        pricePesewas: demo.price * 100,
        stock: demo.stock,
        images: ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'],
      };
    });
    const inserted = await api.db.insert(products).values(rows).returning({ id: products.id });
    await settle();
    const { version } = await changes();
    const tenIds = inserted.slice(0, 10).map((row) => row.id);
    await api.db
      .update(products)
      .set({ description: sql`${products.description} || ' Now in a larger jar.'`, pricePesewas: sql`${products.pricePesewas} + 500` })
      .where(inArray(products.id, tenIds));

    const res = await api.request('GET', `/api/catalogueChanges?since=${version}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(20_000 / 4);
    const answer = JSON.parse(gunzipSync(bytes).toString()) as CatalogueChanges;
    expect(ids(answer.products)).toEqual([...tenIds].sort());
    expect(answer.stock).toEqual([]);
  });

  it('revalidates the whole catalogue by ETag and gzips it', async () => {
    await cached.createProduct();
    const first = await cached.request('GET', '/api/catalogueChanges', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await cached.request('GET', '/api/catalogueChanges', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('refuses a version it never makes with 400, and answers one it cannot answer from with the whole catalogue', async () => {
    for (const bad of ['abc', 'v1.', 'v1.5', 'v1.-5.1', 'v2.5.1', 'v1.5.5.5', ' v1.5.1', 'v1.99999999999999999999.1', 'v1.1.9223372036854775808']) {
      const { status, body } = await api.json('GET', `/api/catalogueChanges?since=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.message).toBe(SERVER_MESSAGES.catalogueVersionUnknown);
    }
    const shea = await api.createProduct();
    const { version } = await changes();
    const [, xmin, epoch] = version.split('.');
    // Not a version this database handed out: another epoch, a transaction it has not reached.
    for (const other of [`v1.${xmin}.${BigInt(epoch ?? 0) + 1n}`, `v1.9223372036854775807.${epoch}`]) {
      expect(await changes(other)).toMatchObject({ full: true, products: [expect.objectContaining({ _id: shea.id })] });
    }
    expect((await changes(version)).full).toBe(false);
    // Products emptied without tombstones (a restore, seed --reset): every older copy is replaced whole.
    await resetDatabase(api.db);
    const neem = await api.createProduct({ name: 'Neem Soap' });
    const after = await changes(version);
    expect(after.full).toBe(true);
    expect(ids(after.products)).toEqual([neem.id]);
  });
});
