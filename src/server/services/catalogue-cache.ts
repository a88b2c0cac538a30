import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedBody {
  /** Encoded once, so no request pays for turning the text into bytes again. */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped once (a 5,000-product catalogue shrinks about tenfold for a phone on mobile data). */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Bounds of the cache: a stream of new search words must not grow memory. */
export interface CatalogueCacheLimits {
  /** At most this many answers kept (the least recently used goes first). */
  maxEntries: number;
  /** At most this many bytes kept, plain and gzipped together; a larger answer is served, not kept. */
  maxBytes: number;
}

/**
 * A whole 5,000-product catalogue is about 3.6 MB (and its gzipped copy): the defaults keep it in
 * every sort, its categories, and hundreds of searches and pages (a page of 20 is about 15 KB).
 */
export const CATALOGUE_CACHE_LIMITS: CatalogueCacheLimits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 };

type Entry = CachedBody & { expires: number; bytes: number };

/**
 * A micro-cache for GET /api/getProducts answers, the call every shopper's phone makes (and keeps
 * for offline use). With thousands of products, building an answer costs far more than sending it,
 * so one build serves every request with the same key for `ttlMs`, and requests that arrive during a
 * build share it. The key is the normalised query the endpoint reads (services/products.ts), so the
 * whole catalogue, a category, a sort and a search each have their entry. Entries are bounded in
 * number and bytes, the least recently used going first. Writes in this process drop every entry at
 * once (the "catalogue changed" signal); other processes see a change within `ttlMs`, which is
 * harmless because stock is enforced when an order is placed. `ttlMs` 0 turns it off.
 */
export function createCatalogueCache(ttlMs: number, now: () => number = Date.now, limits: CatalogueCacheLimits = CATALOGUE_CACHE_LIMITS) {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<CachedBody>>();
  let bytes = 0;
  let generation = 0;

  const toCached = (text: string): CachedBody => {
    const body = new Uint8Array(Buffer.from(text));
    return { body, gzip: new Uint8Array(gzipSync(body)), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const keep = (key: string, cached: CachedBody) => {
    const size = cached.body.byteLength + cached.gzip.byteLength + key.length * 2;
    if (size > limits.maxBytes || limits.maxEntries < 1) return;
    remove(key);
    entries.set(key, { ...cached, expires: now() + ttlMs, bytes: size });
    bytes += size;
    // Over a bound, the least recently used go; expired ones at the front go too, to free their bytes.
    const at = now();
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes && oldest.expires > at) break;
      remove(oldestKey);
    }
  };

  return {
    async get(key: string, build: () => Promise<string>): Promise<CachedBody> {
      if (ttlMs <= 0) return toCached(await build());
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return entry;
      }
      if (entry) remove(key);
      let pending = building.get(key);
      if (!pending) {
        const startedAt = generation;
        const thisBuild: Promise<CachedBody> = build()
          .then((text) => {
            const cached = toCached(text);
            // A write during the build may not be in it: answer with it, but do not keep it.
            if (startedAt === generation) keep(key, cached);
            return cached;
          })
          .finally(() => {
            if (building.get(key) === thisBuild) building.delete(key);
          });
        building.set(key, thisBuild);
        pending = thisBuild;
      }
      return pending;
    },
    /** After a product write: every entry goes, and the next request builds afresh rather than joining an older build. */
    invalidate() {
      generation += 1;
      entries.clear();
      building.clear();
      bytes = 0;
    },
    /** What is kept now, for tests and the benchmark. */
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
