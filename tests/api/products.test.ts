import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi();

describe('GET /api/getProducts', () => {
  it('returns every product in the spec shape, prices in cedis', async () => {
    const shea = await api.createProduct({ name: 'Raw Shea Butter', price: 45.5, stock: 12, category: 'Skin', newArrival: true });
    await api.createProduct({ name: 'Chebe Oil', category: 'Hair' });

    const { status, body, res } = await api.json('GET', '/api/getProducts');

    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeUndefined();
    const product = body.data.find((p: { _id: string }) => p._id === shea.id);
    expect(product).toEqual({
      _id: shea.id,
      slug: 'raw-shea-butter',
      name: 'Raw Shea Butter',
      description: expect.any(String),
      category: 'Skin',
      price: 45.5,
      stock: 12,
      productImageUrls: ['/uploads/0123456789abcdef0123456789abcdef-640.webp'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      newArrival: true,
      rating: null,
      ratingCount: 0,
      unitsSold: 0,
      maxPerOrder: null,
    });
  });

  it('filters by category name or slug, in any case', async () => {
    await api.createProduct({ name: 'Baobab Oil', category: 'Natural Oils' });
    await api.createProduct({ name: 'Gift Box', category: 'Gifts and Sets' });
    await api.createProduct({ name: 'Black Soap', category: 'Cleansers' });

    for (const category of ['Natural Oils', 'natural-oils', 'NATURAL OILS']) {
      const { body } = await api.json('GET', `/api/getProducts?category=${encodeURIComponent(category)}`);
      expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Baobab Oil']);
    }
    const { body } = await api.json('GET', '/api/getProducts?category=gifts-and-sets');
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Gift Box']);
  });

  it('searches name, description and category without regard to case, taking % literally', async () => {
    await api.createProduct({ name: 'Moringa Oil', description: 'Cold pressed', category: 'Natural Oils' });
    await api.createProduct({ name: 'Hair Butter', description: 'With MORINGA and shea', category: 'Hair' });
    await api.createProduct({ name: 'Black Soap', description: '100% natural', category: 'Cleansers' });

    const moringa = await api.json('GET', '/api/getProducts?q=moringa');
    expect(moringa.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['Hair Butter', 'Moringa Oil']);
    const percent = await api.json('GET', `/api/getProducts?q=${encodeURIComponent('0%')}`);
    expect(percent.body.data.map((p: { name: string }) => p.name)).toEqual(['Black Soap']);
    const none = await api.json('GET', '/api/getProducts?q=caviar');
    expect(none.body.data).toEqual([]);
  });

  it('sorts by popularity, price both ways, newest and rating', async () => {
    await api.createProduct({ name: 'A', price: 30, unitsSold: 5, rating: 4.1, createdAt: new Date('2026-01-01') });
    await api.createProduct({ name: 'B', price: 10, unitsSold: 50, rating: null, createdAt: new Date('2026-03-01') });
    await api.createProduct({ name: 'C', price: 20, unitsSold: 1, rating: 4.9, createdAt: new Date('2026-02-01') });

    const order = async (sort: string) => (await api.json('GET', `/api/getProducts?sort=${sort}`)).body.data.map((p: { name: string }) => p.name);
    expect(await order('popularity')).toEqual(['B', 'A', 'C']);
    expect(await order('price-asc')).toEqual(['B', 'C', 'A']);
    expect(await order('price-desc')).toEqual(['A', 'C', 'B']);
    expect(await order('newest')).toEqual(['B', 'C', 'A']);
    expect(await order('rating')).toEqual(['C', 'A', 'B']);
  });

  it('sorts the admin list by name and by stock (lowest first), within a category', async () => {
    await api.createProduct({ name: 'Moringa Oil', category: 'Natural Oils', stock: 2 });
    await api.createProduct({ name: 'Baobab Oil', category: 'Natural Oils', stock: 30 });
    await api.createProduct({ name: 'Coconut Oil', category: 'Natural Oils', stock: 12 });
    await api.createProduct({ name: 'Aloe Soap', category: 'Cleansers', stock: 1 });

    const order = async (query: string) => (await api.json('GET', `/api/getProducts?${query}`)).body.data.map((p: { name: string }) => p.name);
    expect(await order('sort=name&category=natural-oils')).toEqual(['Baobab Oil', 'Coconut Oil', 'Moringa Oil']);
    expect(await order('sort=stock-asc&category=Natural%20Oils')).toEqual(['Moringa Oil', 'Coconut Oil', 'Baobab Oil']);
    expect(await order('sort=stock-asc')).toEqual(['Aloe Soap', 'Moringa Oil', 'Coconut Oil', 'Baobab Oil']);
  });

  it('pages when asked, with total, page and limit', async () => {
    for (let i = 0; i < 5; i++) await api.createProduct({ name: `P${i}`, price: 10 + i });
    const { body } = await api.json('GET', '/api/getProducts?sort=price-asc&page=2&limit=2');
    expect(body).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['P2', 'P3']);
  });

  it.each([
    ['sort=cheapest', 'Unknown sort'],
    ['category=Shoes', 'Unknown category'],
    ['page=0', 'whole number'],
    ['limit=1000', 'whole number'],
    ['page=abc', 'whole number'],
  ])('refuses ?%s with 400 and a message', async (query, text) => {
    const { status, body } = await api.json('GET', `/api/getProducts?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(text);
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe('GET /api/getSingleProductById/:id', () => {
  it('returns the product', async () => {
    const { id } = await api.createProduct({ name: 'Cocoa Butter', price: 60 });
    const { status, body } = await api.json('GET', `/api/getSingleProductById/${id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: id, name: 'Cocoa Butter', price: 60 });
  });

  it('answers 404 "Product not found." for a missing or malformed id, never 500', async () => {
    for (const id of ['6f1c2b1e-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const { status, body } = await api.json('GET', `/api/getSingleProductById/${encodeURIComponent(id)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Product not found.' });
    }
  });
});

describe('the full catalogue answer', () => {
  const cached = setupTestApi({ catalogueCacheMs: 60_000 });

  it('carries an ETag and answers 304 when the phone already has it', async () => {
    await cached.createProduct({ name: 'Shea' });
    const first = await cached.request('GET', '/api/getProducts');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const catalogue = await first.json();
    expect(catalogue.data).toHaveLength(1);
    const again = await cached.request('GET', '/api/getProducts', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Gzipped for a client that takes it: the same answer and ETag in fewer bytes.
    const zipped = await cached.request('GET', '/api/getProducts', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('etag')).toBe(etag);
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(catalogue);
  });

  it('compresses the other JSON answers worth compressing for clients that take it', async () => {
    for (let i = 0; i < 12; i += 1) await cached.createProduct({ name: `Shea butter ${i}` });
    const res = await cached.request('GET', '/api/getProducts?page=1&limit=12', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).data).toHaveLength(12);
  });
});
