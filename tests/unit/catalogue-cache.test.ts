import { describe, expect, it } from 'vitest';
import { type Built, createCatalogueCache, STOCK_ORDER_LAG_MS } from '@/server/services/catalogue/catalogue-cache';
import { catalogueCacheKey, productPageKey } from '@/server/services/catalogue/products';
import { productListQuerySchema, productPageQuerySchema } from '@/shared/schemas/products';
import { expectEach } from '../helpers/expect-each';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('createCatalogueCache', () => {
  it('builds once for requests arriving together and serves the copy until it expires', async () => {
    let now = 0;
    let builds = 0;
    const cache = createCatalogueCache(2000, () => now);
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return `{"build":${builds}}`;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('', build)));
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    now = 1999;
    expect(text((await cache.get('', build)).body)).toBe('{"build":1}');
    now = 2001;
    const fresh = await cache.get('', build);
    expect(text(fresh.body)).toBe('{"build":2}');
    expect(fresh.etag).not.toBe(answers[0]?.etag);
  });

  it('never keeps a build that a write overtook', async () => {
    let builds = 0;
    let release: () => void = () => {};
    const cache = createCatalogueCache(60_000);
    const slow = () =>
      new Promise<string>((resolve) => {
        builds += 1;
        const n = builds;
        release = () => resolve(`v${n}`);
      });
    const first = cache.get('', slow);
    cache.invalidate(); // a product changed while the first build was reading
    const second = cache.get('', slow);
    expect(builds).toBe(2);
    release();
    expect(text((await second).body)).toBe('v2');
    expect(text((await cache.get('', slow)).body)).toBe('v2');
    expect(builds).toBe(2);
    void first;
  });

  it('is off with a TTL of 0', async () => {
    let builds = 0;
    const cache = createCatalogueCache(0);
    await cache.get('', async () => String(++builds));
    await cache.get('', async () => String(++builds));
    expect(builds).toBe(2);
  });

  it('keeps an entry per key, each built once', async () => {
    const cache = createCatalogueCache(60_000);
    const builds: string[] = [];
    const build = (key: string) => async () => {
      builds.push(key);
      return `{"key":"${key}"}`;
    };
    await Promise.all(['a', 'b', 'a', 'b', 'a'].map((key) => cache.get(key, build(key))));
    expect(text((await cache.get('a', build('a'))).body)).toBe('{"key":"a"}');
    expect(text((await cache.get('b', build('b'))).body)).toBe('{"key":"b"}');
    expect(builds.sort()).toEqual(['a', 'b']);
    expect(cache.stats().entries).toBe(2);
    // One signal drops them all.
    cache.invalidate();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await cache.get('a', build('a'));
    expect(builds.filter((k) => k === 'a')).toHaveLength(2);
  });

  it('stays within its entries, evicting the least recently used', async () => {
    const cache = createCatalogueCache(60_000, Date.now, { maxEntries: 3, maxBytes: 1_000_000 });
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    for (const key of ['a', 'b', 'c']) await cache.get(key, build);
    await cache.get('a', build); // a is now the most recently used: b goes first
    await cache.get('d', build);
    expect(cache.stats().entries).toBe(3);
    const before = builds;
    await cache.get('a', build);
    await cache.get('c', build);
    await cache.get('d', build);
    expect(builds).toBe(before);
    await cache.get('b', build);
    expect(builds).toBe(before + 1);
  });

  it('stays within its bytes after many distinct searches, and never keeps an answer larger than them', async () => {
    const maxBytes = 20_000;
    const cache = createCatalogueCache(60_000, Date.now, { maxEntries: 1_000, maxBytes });
    for (let i = 0; i < 2_000; i++) {
      await cache.get(`search ${i}`, async () => JSON.stringify({ data: Array.from({ length: 10 }, (_, n) => ({ n, word: `word${i}` })) }));
      const { entries, bytes } = cache.stats();
      expect(bytes).toBeLessThanOrEqual(maxBytes);
      expect(entries).toBeLessThanOrEqual(1_000);
    }
    expect(cache.stats().entries).toBeGreaterThan(5);
    const huge = 'x'.repeat(maxBytes * 2);
    expect(text((await cache.get('huge', async () => JSON.stringify(huge))).body)).toBe(JSON.stringify(huge));
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
  });

  it('stays within its default bounds after 10,000 distinct searches', async () => {
    const cache = createCatalogueCache(60_000);
    for (let i = 0; i < 10_000; i++) await cache.get(`q${i}`, async () => `{"data":[],"q":"${i}"}`);
    expect(cache.stats().entries).toBe(500);
  });
});

describe('createCatalogueCache on a stock change', () => {
  /** Builds counted per key; each answer holds the products given. */
  const counted = () => {
    const builds: string[] = [];
    const build = (key: string, holding?: Exclude<Built, string>['holding']) => async (): Promise<Built> => {
      builds.push(key);
      return holding ? { text: `{"key":"${key}"}`, holding } : `{"key":"${key}"}`;
    };
    return { builds, build };
  };

  it('drops only the answers holding one of its products; the whole catalogue holds them all', async () => {
    const cache = createCatalogueCache(60_000);
    const { builds, build } = counted();
    const fill = async () => {
      await cache.get('hair', build('hair', { ids: ['p1', 'p2'] }));
      await cache.get('skin', build('skin', { ids: ['p3'] }));
      await cache.get('empty search', build('empty search', { ids: [] }));
      await cache.get('whole', build('whole'));
    };
    await fill();
    cache.invalidate({ kind: 'stock', productIds: ['p2', 'p9'] });
    expect(cache.stats().entries).toBe(2);
    await fill();
    expect(builds).toEqual(['hair', 'skin', 'empty search', 'whole', 'hair', 'whole']);
    // Product data or settings: everything.
    cache.invalidate({ kind: 'products' });
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps an answer in popularity order at most STOCK_ORDER_LAG_MS after units sold moved elsewhere', async () => {
    let now = 0;
    const cache = createCatalogueCache(60_000, () => now);
    const { builds, build } = counted();
    const popular = build('popular', { ids: ['p1'], byStock: true });
    await cache.get('popular', popular);
    now = 1_000;
    cache.invalidate({ kind: 'stock', productIds: ['p7'] });
    now = 1_000 + STOCK_ORDER_LAG_MS - 1;
    await cache.get('popular', popular);
    expect(builds).toEqual(['popular']);
    now = 1_000 + STOCK_ORDER_LAG_MS + 1;
    await cache.get('popular', popular);
    expect(builds).toEqual(['popular', 'popular']);
    // Without a stock change it keeps its full time.
    now += 59_000;
    await cache.get('popular', popular);
    expect(builds).toHaveLength(2);
  });

  it('keeps a build that a stock change overtook only if the change cannot show in it, and never joins it again', async () => {
    const cache = createCatalogueCache(60_000);
    const releases: (() => void)[] = [];
    let builds = 0;
    const slow = (ids: string[]) => () =>
      new Promise<Built>((resolve) => {
        builds += 1;
        const n = builds;
        releases.push(() => resolve({ text: `v${n}`, holding: { ids } }));
      });
    const hair = cache.get('hair', slow(['p1']));
    const skin = cache.get('skin', slow(['p2']));
    cache.invalidate({ kind: 'stock', productIds: ['p1'] });
    // A request after the change does not take the answer read before it.
    const hairAgain = cache.get('hair', slow(['p1']));
    expect(builds).toBe(3);
    for (const release of releases) release();
    expectEach(text, [
      [(await hair).body, 'v1'],
      [(await skin).body, 'v2'],
      [(await hairAgain).body, 'v3'],
    ]);
    // v1 was not kept (v3 was); v2 was, as the change cannot show in it.
    expect(text((await cache.get('hair', slow(['p1']))).body)).toBe('v3');
    expect(text((await cache.get('skin', slow(['p2']))).body)).toBe('v2');
    expect(builds).toBe(3);
  });
});

describe('productPageKey', () => {
  const key = (search: string) => {
    const parsed = productPageQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    if (!parsed.success) throw new Error(`invalid query ${search}`);
    return productPageKey(parsed.data);
  };

  it('is the same for what GET /products reads the same way, the default sorts spelled out', () => {
    expectEach(key, [
      ['', key('sort=popularity&utm_source=x')],
      ['', key('limit=24')],
      ['q=shea', key('q=%20SHEA%20&sort=relevance')],
      ['category=natural-oils', key('category=Natural%20Oils')],
    ]);
  });

  it('differs for what changes the answer', () => {
    const keys = ['', 'q=shea', 'q=shea&sort=newest', 'category=hair', 'sort=price-asc', 'cursor=abc', 'limit=5', 'q=%C3%A9', 'q=%C3%89'].map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('catalogueCacheKey', () => {
  const key = (search: string) => {
    const parsed = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    if (!parsed.success) throw new Error(`invalid query ${search}`);
    return catalogueCacheKey(parsed.data);
  };

  it('is the same for what the endpoint reads the same way', () => {
    expectEach(key, [
      ['', key('utm_source=facebook&fbclid=123')],
      ['', key('sort=newest')],
      ['', key('q=%20%20')],
      ['category=hair&sort=price-asc', key('sort=price-asc&category=Hair&ref=x')],
      ['category=natural-oils', key('category=Natural%20Oils')],
      ['q=Shea%20Butter', key('q=%20shea%20BUTTER%20')],
      ['page=1', key('limit=20')],
      ['page=2&limit=20', key('limit=20&page=2')],
    ]);
  });

  it('differs for what changes the answer', () => {
    const keys = ['', 'q=shea', 'q=cocoa', 'category=hair', 'sort=price-asc', 'page=1', 'page=2', 'limit=5', 'q=%C3%A9', 'q=%C3%89'].map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
