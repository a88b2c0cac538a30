import { describe, expect, it } from 'vitest';
import { createCatalogueCache } from '@/server/services/catalogue-cache';
import { catalogueCacheKey } from '@/server/services/products';
import { productListQuerySchema } from '@/shared/schemas/products';

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

describe('catalogueCacheKey', () => {
  const key = (search: string) => {
    const parsed = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    if (!parsed.success) throw new Error(`invalid query ${search}`);
    return catalogueCacheKey(parsed.data);
  };

  it('is the same for what the endpoint reads the same way', () => {
    expect(key('')).toBe(key('utm_source=facebook&fbclid=123'));
    expect(key('')).toBe(key('sort=newest'));
    expect(key('')).toBe(key('q=%20%20'));
    expect(key('category=hair&sort=price-asc')).toBe(key('sort=price-asc&category=Hair&ref=x'));
    expect(key('category=natural-oils')).toBe(key('category=Natural%20Oils'));
    expect(key('q=Shea%20Butter')).toBe(key('q=%20shea%20BUTTER%20'));
    expect(key('page=1')).toBe(key('limit=20'));
    expect(key('page=2&limit=20')).toBe(key('limit=20&page=2'));
  });

  it('differs for what changes the answer', () => {
    const keys = ['', 'q=shea', 'q=cocoa', 'category=hair', 'sort=price-asc', 'page=1', 'page=2', 'limit=5', 'q=%C3%A9', 'q=%C3%89'].map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
