import { describe, expect, it } from 'vitest';
import { catalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import { setupTestApi } from '../helpers/api';

/**
 * GET /api/getProducts with parameters comes from the catalogue cache too, keyed by what the
 * endpoint reads. A cache hit shows as an answer that misses a product written straight into the
 * database (past the "catalogue changed" signal); the signal makes the next answer fresh.
 */
const api = setupTestApi({ catalogueCacheMs: 60_000 });
const small = setupTestApi({ catalogueCacheMs: 60_000, catalogueCacheLimits: { maxEntries: 3, maxBytes: 1_000_000 } });

const names = async (target: typeof api, query: string) => {
  const { status, body } = await target.json('GET', `/api/getProducts?${query}`);
  expect(status).toBe(200);
  return (body.data as { name: string }[]).map((p) => p.name).sort();
};

describe('the catalogue cache with query parameters', () => {
  it('serves a repeated query from the cache, whatever the order, case and unknown parameters', async () => {
    await api.createProduct({ name: 'Shea Butter', description: '', category: 'Skin' });
    await api.createProduct({ name: 'Cocoa Butter', description: '', category: 'Skin' });
    expect(await names(api, 'q=shea&category=skin&sort=price-asc')).toEqual(['Shea Butter']);

    // Written past the signal: a query answered from the database would show it.
    await api.createProduct({ name: 'Whipped Shea', description: '', category: 'Skin' });
    expect(await names(api, 'q=shea&category=skin&sort=price-asc')).toEqual(['Shea Butter']);
    expect(await names(api, 'utm_source=whatsapp&sort=price-asc&category=Skin&q=%20SHEA%20')).toEqual(['Shea Butter']);
    // Another query is built afresh.
    expect(await names(api, 'q=shea&category=skin&sort=price-desc')).toEqual(['Shea Butter', 'Whipped Shea']);

    // The one "catalogue changed" signal drops every entry.
    catalogueChanged(api.db);
    expect(await names(api, 'q=shea&category=skin&sort=price-asc')).toEqual(['Shea Butter', 'Whipped Shea']);
  });

  it('answers a changed product at once after an admin edit, and revalidates by ETag', async () => {
    const shea = await api.createProduct({ name: 'Shea Butter', description: '', stock: 10 });
    const first = await api.request('GET', '/api/getProducts?q=shea&page=1&limit=10');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await first.json()).data[0].stock).toBe(10);
    const unchanged = await api.request('GET', '/api/getProducts?limit=10&q=shea&page=1', { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);

    const admin = await api.createUser({ role: 'admin' });
    const form = new FormData();
    form.set('stock', '4');
    expect((await api.request('PATCH', `/api/updateProductInfo/${shea.id}`, { token: admin.token, form })).status).toBe(200);
    const { body, res } = await api.json('GET', '/api/getProducts?q=shea&page=1&limit=10');
    expect(body.data[0].stock).toBe(4);
    expect(body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(res.headers.get('etag')).not.toBe(etag);
  });

  it('still refuses an invalid query with 400, never caching it', async () => {
    const { status, body } = await api.json('GET', '/api/getProducts?sort=cheapest');
    expect(status).toBe(400);
    expect(body.message).toBeTypeOf('string');
  });

  it('keeps at most its bound of entries: the least recently used query is built again', async () => {
    await small.createProduct({ name: 'Shea Butter', description: '' });
    expect(await names(small, 'q=shea')).toEqual(['Shea Butter']);
    for (const word of ['moringa', 'baobab', 'neem']) expect(await names(small, `q=${word}`)).toEqual([]);

    await small.createProduct({ name: 'Whipped Shea', description: '' });
    await small.createProduct({ name: 'Neem Soap', description: '' });
    // q=shea was pushed out by three newer searches; q=neem is still kept.
    expect(await names(small, 'q=shea')).toEqual(['Shea Butter', 'Whipped Shea']);
    expect(await names(small, 'q=neem')).toEqual([]);
  });
});
