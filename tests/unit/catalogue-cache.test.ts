import { describe, expect, it } from 'vitest';
import { createCatalogueCache } from '../../src/server/services/catalogue-cache';

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
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get(build)));
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    now = 1999;
    expect(text((await cache.get(build)).body)).toBe('{"build":1}');
    now = 2001;
    const fresh = await cache.get(build);
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
    const first = cache.get(slow);
    cache.invalidate(); // a product changed while the first build was reading
    const second = cache.get(slow);
    expect(builds).toBe(2);
    release();
    expect(text((await second).body)).toBe('v2');
    expect(text((await cache.get(slow)).body)).toBe('v2');
    expect(builds).toBe(2);
    void first;
  });

  it('is off with a TTL of 0', async () => {
    let builds = 0;
    const cache = createCatalogueCache(0);
    await cache.get(async () => String(++builds));
    await cache.get(async () => String(++builds));
    expect(builds).toBe(2);
  });
});
