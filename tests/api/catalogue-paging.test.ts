import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchEngine } from '@/server/services/catalogue/product-search';
import { PRODUCT_PAGE_SIZE } from '@/shared/catalogue';
import type { Category } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { setupTestApi, type TestApi } from '../helpers/api';

/**
 * GET /api/products: the paged listing (keyset cursor, `total`, the shop's sorts and search ranked
 * by relevance), on PostgreSQL's trigram search and on its full-text fallback.
 */
const api = setupTestApi();
const fallback = setupTestApi({ productSearch: 'fulltext' });

const NAMES = ['Aloe Gel', 'Baobab Oil', 'Cocoa Butter', 'Dawadawa Soap', 'Ebony Comb', 'Fig Scrub', 'Ginger Tea', 'Hibiscus Mist'];
const CATEGORIES: Category[] = ['Hair', 'Skin', 'Natural Oils'];
const DAYS = [new Date('2026-11-01T08:00:00.123Z'), new Date('2026-11-10T08:00:00.456Z'), new Date('2026-11-20T08:00:00.789Z')];

/**
 * 31 products with many ties (names, prices, units sold, ratings, days), so every order leans on its
 * later columns and the id. Names start with distinct capitals: every collation orders them alike.
 */
async function tiedCatalogue(target: TestApi): Promise<number> {
  for (let i = 0; i < 31; i++) {
    await target.createProduct({
      name: NAMES[i % NAMES.length],
      description: i % 4 === 0 ? 'Whipped with shea butter.' : 'Made in Kumasi.',
      category: CATEGORIES[i % CATEGORIES.length],
      price: [10, 20, 20, 35][i % 4],
      unitsSold: [0, 5, 5, 12][i % 3],
      rating: [null, 4.5, 4.5, 3][i % 4],
      createdAt: DAYS[i % DAYS.length],
    });
  }
  return 31;
}

/** Every page of a query, following nextCursor. */
async function walk(target: TestApi, query: string, limit?: number) {
  const products: Product[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams(query);
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const { status, body } = await target.json('GET', `/api/products?${params}`);
    expect(status, JSON.stringify(body)).toBe(200);
    products.push(...body.data);
    totals.add(body.total);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids: products.map((p) => p._id), products, totals: [...totals], pages };
}

const byNameThenId = (a: Product, b: Product) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const EXPECTED_ORDER: Record<string, (a: Product, b: Product) => number> = {
  popularity: (a, b) => b.unitsSold - a.unitsSold || byNameThenId(a, b),
  'price-asc': (a, b) => a.price - b.price || byNameThenId(a, b),
  'price-desc': (a, b) => b.price - a.price || byNameThenId(a, b),
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || byNameThenId(a, b),
  rating: (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.ratingCount - a.ratingCount || byNameThenId(a, b),
};

describe('GET /api/products: the paged listing', () => {
  it('walks every sort page by page: each product once, in the sort’s order, the same as one long page', async () => {
    const count = await tiedCatalogue(api);
    for (const sort of Object.keys(EXPECTED_ORDER)) {
      const paged = await walk(api, `sort=${sort}`, 7);
      const whole = await walk(api, `sort=${sort}`, 60);
      expect(paged.pages, sort).toBe(5);
      expect(whole.pages).toBe(1);
      expect(new Set(paged.ids).size, sort).toBe(count);
      expect(paged.ids, sort).toEqual(whole.ids);
      expect(paged.ids, sort).toEqual([...paged.products].sort(EXPECTED_ORDER[sort]).map((p) => p._id));
      expect(paged.totals, sort).toEqual([count]);
    }
  });

  it('pages a category and a search the same way, and defaults to a phone’s page in popularity order', async () => {
    const count = await tiedCatalogue(api);
    const first = await api.json('GET', '/api/products');
    expect(first.body.data).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(first.body.total).toBe(count);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    const popular = await walk(api, 'sort=popularity');
    expect(first.body.data.map((p: Product) => p._id)).toEqual(popular.ids.slice(0, PRODUCT_PAGE_SIZE));

    const hair = await walk(api, 'category=hair&sort=price-asc', 3);
    expect(hair.products.every((p) => p.category === 'Hair')).toBe(true);
    expect(hair.ids).toHaveLength(11);
    expect(hair.ids).toEqual((await walk(api, 'category=Hair&sort=price-asc', 60)).ids);

    // A search: relevance by default, every hit once, the name hits before the description's.
    const butter = await walk(api, 'q=butter', 2);
    expect(butter.ids).toEqual((await walk(api, 'q=butter', 60)).ids);
    expect(new Set(butter.ids).size).toBe(butter.ids.length);
    const names = butter.products.map((p) => p.name === 'Cocoa Butter');
    expect(names.indexOf(false)).toBeGreaterThan(names.lastIndexOf(true));
    expect(butter.totals).toEqual([butter.ids.length]);
    const { body } = await api.json('GET', '/api/getProducts?q=butter');
    expect(butter.ids.sort()).toEqual(body.data.map((p: Product) => p._id).sort());
  });

  it('refuses a cursor it did not make, or made for another order, and relevance without a search, with 400', async () => {
    await tiedCatalogue(api);
    const { body: page } = await api.json('GET', '/api/products?sort=newest&limit=5');
    const cursor = page.nextCursor as string;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const refused = [
      'not a cursor!',
      'e30', // {}
      encode(['newest']),
      encode(['newest', '2026-02-30T08:00:00.000000Z', 'Aloe Gel', decoded[3]]),
      encode(['newest', '0000-01-01T00:00:00.000000Z', 'Aloe Gel', decoded[3]]),
      encode([...decoded.slice(0, 3), 'not-an-id']),
      encode(['newest', 17, 'Aloe Gel', decoded[3]]),
      'x'.repeat(1001),
    ];
    for (const bad of refused) {
      const { status, body } = await api.json('GET', `/api/products?sort=newest&cursor=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.message).toMatch(/moved on/);
    }
    // A cursor of one order is no position in another.
    const other = await api.json('GET', `/api/products?sort=price-asc&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(SERVER_MESSAGES.listMovedOn);
    const relevance = await api.json('GET', '/api/products?sort=relevance');
    expect(relevance.status).toBe(400);
    expect(relevance.body.message).toBe(SERVER_MESSAGES.relevanceNeedsSearch);
    expect((await api.json('GET', '/api/products?limit=61')).status).toBe(400);
    // The good cursor still works.
    expect((await api.json('GET', `/api/products?sort=newest&limit=5&cursor=${cursor}`)).status).toBe(200);
  });
});

/** The shop's four search products: a name hit, a near miss, a description hit and a stranger. */
async function searchCatalogue(target: TestApi) {
  return {
    shea: await target.createProduct({ name: 'Shea Butter', description: 'Raw and unrefined, from Tamale.' }),
    cocoa: await target.createProduct({ name: 'Cocoa Butter', description: 'Rich and creamy.' }),
    soap: await target.createProduct({ name: 'Black Soap', description: 'Made with shea butter and plantain ash.', category: 'Cleansers' }),
    moringa: await target.createProduct({ name: 'Moringa Oil', description: 'Cold pressed.', category: 'Natural Oils' }),
  };
}

const searchIds = async (target: TestApi, q: string) => {
  const { status, body } = await target.json('GET', `/api/products?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return (body.data as Product[]).map((p) => p._id);
};
const listedIds = async (target: TestApi, q: string) =>
  ((await target.json('GET', `/api/getProducts?q=${encodeURIComponent(q)}`)).body.data as Product[]).map((p) => p._id).sort();

describe('online search on PostgreSQL', () => {
  it('uses pg_trgm where the migration could create it, with its indexes', async () => {
    expect(await searchEngine(api.db)).toBe('trigram');
    const result = await api.db.execute(sql`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm%' order by indexname`);
    expect((result as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname)).toEqual([
      'products_description_trgm_idx',
      'products_name_trgm_idx',
    ]);
  });

  it('forgives typos in names and ranks name hits first (trigram)', async () => {
    const { shea, cocoa, soap, moringa } = await searchCatalogue(api);
    expect(await searchIds(api, 'shea buter')).toEqual([shea.id]);
    expect(await searchIds(api, 'moringga')).toEqual([moringa.id]);
    // The name holding the text first, then by the name's likeness, then a description's hit.
    expect(await searchIds(api, 'SHEA')).toEqual([shea.id, soap.id]);
    expect(await searchIds(api, 'butter')).toEqual([cocoa.id, shea.id, soap.id]);
    expect(await searchIds(api, 'plantain')).toEqual([soap.id]);
    // A category's name, as the search always found it.
    expect(await searchIds(api, 'cleans')).toEqual([soap.id]);
    // GET /getProducts finds the same products with the same matcher.
    expect(await listedIds(api, 'shea buter')).toEqual([shea.id]);
    expect(await listedIds(api, 'butter')).toEqual([cocoa.id, shea.id, soap.id].sort());
  });

  it('falls back to full-text search with prefixes, ranked, when pg_trgm is not there', async () => {
    const { shea, cocoa, soap, moringa } = await searchCatalogue(fallback);
    expect(await searchIds(fallback, 'shea but')).toEqual([shea.id, soap.id]);
    expect(await searchIds(fallback, 'butter')).toEqual([cocoa.id, shea.id, soap.id]);
    expect(await searchIds(fallback, 'moringa')).toEqual([moringa.id]);
    // No typo tolerance of its own (trigram search finds these by likeness): only the typo reading's, as on either engine.
    expect(await searchIds(fallback, 'moringga')).toEqual([moringa.id]);
    expect(await searchIds(fallback, 'moringa  oli')).toEqual([]);
    // Still a substring anywhere, as the search always did.
    expect(await searchIds(fallback, 'antain')).toEqual([soap.id]);
    // Text that would be tsquery syntax is only words.
    expect(await searchIds(fallback, "shea & | ! ( ' :*")).toEqual([shea.id, soap.id]);
    // Ranked by ts_rank, paged by it: the walk gives the same order as one page.
    expect((await walk(fallback, 'q=butter', 1)).ids).toEqual([cocoa.id, shea.id, soap.id]);
    expect(await listedIds(fallback, 'shea but')).toEqual([shea.id, soap.id].sort());
    expect(await listedIds(fallback, 'butter')).toEqual([cocoa.id, shea.id, soap.id].sort());
  });

  it('finds a short query with two typos, in any order, on both engines, names so read before description hits', async () => {
    for (const target of [api, fallback]) {
      const { shea, soap, moringa } = await searchCatalogue(target);
      expect(await searchIds(target, 'shae buter')).toEqual([shea.id]);
      expect(await searchIds(target, 'buter shae')).toEqual([shea.id]);
      expect(await searchIds(target, 'balck soap')).toEqual([soap.id]);
      expect(await searchIds(target, 'morniga oil')).toEqual([moringa.id]);
      expect(await listedIds(target, 'shae buter')).toEqual([shea.id]);
      // A name read through its typos ranks before a description holding the words as typed (as names come first).
      const shito = await target.createProduct({ name: 'Kpakpo Shito', description: 'Not for shae butter lovers.' });
      expect((await searchIds(target, 'shae butter')).slice(0, 2)).toEqual([shea.id, shito.id]);
      // Unrelated short words stay unrelated: a letter or two from catalogue words (cocoa, soap, oil), but no swap of neighbours.
      for (const q of ['cake', 'soup', 'oli', 'milk']) expect(await searchIds(target, q), q).toEqual([]);
    }
  });
});
