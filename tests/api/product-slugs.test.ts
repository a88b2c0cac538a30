import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLevel } from '@/server/db/backup';
import { migrationsFolder } from '@/server/db/client';
import { productSlugHistory, products } from '@/server/db/schema';
import { setupTestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';

/*
 * Issue 45: products are found at readable addresses (/product/whipped-shea-butter-unscented), made
 * by the database from the name (migration product_slugs), kept unique, and a rename or the old id
 * address answers 301 to the address now.
 */

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
writeFileSync(path.join(clientDir, 'shell.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"></div>');
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"></div>');
const api = setupTestApi({ clientDir, publicUrl: 'https://shop.example.com' });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const slugOf = async (id: string) => (await api.db.select({ slug: products.slug }).from(products).where(eq(products.id, id)))[0]?.slug;

async function adminToken(): Promise<string> {
  return (await api.createUser({ role: 'admin' })).token;
}

function rename(token: string, id: string, name: string) {
  const form = new FormData();
  form.append('name', name);
  return api.json('PATCH', `/api/updateProductInfo/${id}`, { token, form });
}

/** Where the page at `url` sends the browser: [status, Location]. */
async function redirectOf(url: string): Promise<[number, string | null]> {
  const res = await api.request('GET', url);
  await res.arrayBuffer();
  return [res.status, res.headers.get('location')];
}

describe('a product gets a readable address', () => {
  it('made from its name when the admin adds it: lower-case ASCII words joined by "-"', async () => {
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Whipped Shea Butter – Unscented', category: 'Skin', price: '45', stock: '10' })) form.append(key, value);
    form.append('images', new File([new Uint8Array(photo)], 'photo.png', { type: 'image/png' }));
    const { status, body } = await api.json('POST', '/api/addProduct', { token: await adminToken(), form });
    expect(status).toBe(201);
    expect(body.data.slug).toBe('whipped-shea-butter-unscented');
  });

  it.each([
    ["Mother's Crème & Co. (500 ml)", 'mothers-creme-and-co-500-ml'],
    ['  ÉCLAT Naturel — Karité  ', 'eclat-naturel-karite'],
    ['Œuf Straße', 'oeuf-strasse'],
    ['乳木果油', 'product'],
  ])('%s → %s', async (name, slug) => {
    const { id } = await api.createProduct({ name });
    expect(await slugOf(id)).toBe(slug);
  });

  it('adds a number when the address is taken, so every product has its own', async () => {
    const first = await api.createProduct({ name: 'Shea Butter' });
    const second = await api.createProduct({ name: 'Shea butter!' });
    const third = await api.createProduct({ name: 'SHEA BUTTER' });
    expect([first.slug, second.slug, third.slug]).toEqual(['shea-butter', 'shea-butter-2', 'shea-butter-3']);
  });
});

describe('a rename', () => {
  it('gives a new address; the old one answers 301 to it and is never given to another product', async () => {
    const token = await adminToken();
    const product = await api.createProduct({ name: 'Shea Butter' });
    const { status, body } = await rename(token, product.id, 'Whipped Shea Butter');
    expect(status).toBe(200);
    expect(body.data.slug).toBe('whipped-shea-butter');
    expect(await redirectOf('/product/shea-butter')).toEqual([301, '/product/whipped-shea-butter']);
    // Shared links keep what they carry.
    expect(await redirectOf('/product/shea-butter?utm_source=whatsapp')).toEqual([301, '/product/whipped-shea-butter?utm_source=whatsapp']);
    // A new product of the old name gets another address: the old links still reach the renamed one.
    expect((await api.createProduct({ name: 'Shea Butter' })).slug).toBe('shea-butter-2');
    // Renamed again, both earlier addresses lead to the latest.
    await rename(token, product.id, 'Whipped Shea Butter Unscented');
    expect(await redirectOf('/product/shea-butter')).toEqual([301, '/product/whipped-shea-butter-unscented']);
    expect(await redirectOf('/product/whipped-shea-butter')).toEqual([301, '/product/whipped-shea-butter-unscented']);
  });

  it('keeps the address when the words stay the same, and takes an old address back on a rename back', async () => {
    const token = await adminToken();
    const product = await api.createProduct({ name: 'Black Soap' });
    expect((await rename(token, product.id, 'Black soap.')).body.data.slug).toBe('black-soap');
    await rename(token, product.id, 'Alata Black Soap');
    expect((await rename(token, product.id, 'Black Soap')).body.data.slug).toBe('black-soap');
    expect(await redirectOf('/product/black-soap')).toEqual([200, null]);
    expect(await redirectOf('/product/alata-black-soap')).toEqual([301, '/product/black-soap']);
    const history = await api.db.select().from(productSlugHistory).where(eq(productSlugHistory.productId, product.id));
    expect(history.map((row) => row.slug)).toEqual(['alata-black-soap']);
  });
});

describe('the product page', () => {
  it('at its id answers 301 to its readable address', async () => {
    const product = await api.createProduct({ name: 'Baobab Oil' });
    expect(await redirectOf(`/product/${product.id}`)).toEqual([301, '/product/baobab-oil']);
    expect(await redirectOf(`/product/${product.id.toUpperCase()}`)).toEqual([301, '/product/baobab-oil']);
    expect(await redirectOf('/product/Baobab-Oil')).toEqual([301, '/product/baobab-oil']);
    expect(await redirectOf('/product/baobab-oil')).toEqual([200, null]);
  });

  it('at an address no product has is a 404, not a redirect', async () => {
    expect(await redirectOf('/product/no-such-product')).toEqual([404, null]);
    expect(await redirectOf('/product/0b6f7c1e-5a7b-4b8a-9d51-2f0c0a1b2c3d')).toEqual([404, null]);
  });
});

describe('GET /api/getSingleProductById/{id or slug}', () => {
  it('finds the product by its id, its address and an old address', async () => {
    const token = await adminToken();
    const product = await api.createProduct({ name: 'Moringa Oil', price: 60 });
    for (const key of [product.id, 'moringa-oil']) {
      const { status, body } = await api.json('GET', `/api/getSingleProductById/${key}`);
      expect(status, key).toBe(200);
      expect(body.data).toMatchObject({ _id: product.id, slug: 'moringa-oil', name: 'Moringa Oil', price: 60 });
    }
    await rename(token, product.id, 'Cold Pressed Moringa Oil');
    const old = await api.json('GET', '/api/getSingleProductById/moringa-oil');
    expect(old.body.data).toMatchObject({ _id: product.id, slug: 'cold-pressed-moringa-oil' });
  });

  it('answers 404 "Product not found." for an address no product has', async () => {
    await api.createProduct({ name: 'Moringa Oil' });
    for (const key of ['moringa', 'moringa-oil-2', 'moringa--oil', '-moringa-oil']) {
      const { status, body } = await api.json('GET', `/api/getSingleProductById/${key}`);
      expect(status, key).toBe(404);
      expect(body).toEqual({ message: 'Product not found.' });
    }
  });
});

describe('the migration', () => {
  it('gives the products a shop already has their addresses, the oldest first keeping the plain one', async () => {
    const created = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const slugs = journal.entries.findIndex((entry) => entry.tag.endsWith('_product_slugs'));
      await migrateToLevel(client, migrationsFolder(), slugs);
      await client.query(
        `insert into products (name, category, price_pesewas, created_at) values
           ('Shea Butter', 'Skin', 900, '2026-02-01'), ('Shea butter', 'Skin', 900, '2026-01-01'), ('Crème Brûlée Balm', 'Skin', 900, '2026-03-01')`,
      );
      await migrateToLevel(client, migrationsFolder(), journal.entries.length);
      const { rows } = await client.query('select name, slug from products order by created_at');
      expect(rows).toEqual([
        { name: 'Shea butter', slug: 'shea-butter' },
        { name: 'Shea Butter', slug: 'shea-butter-2' },
        { name: 'Crème Brûlée Balm', slug: 'creme-brulee-balm' },
      ]);
    } finally {
      await client.end();
      await created.drop();
    }
  });
});
