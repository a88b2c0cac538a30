import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CatalogueChange } from './catalogue-signal';

export interface CachedBody {
  /** Encoded once, so no request pays for turning the text into bytes again. */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped once (a 5,000-product catalogue shrinks about tenfold for a phone on mobile data). */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * Which products an answer shows, so that a stock change drops only the answers it touched:
 * `all` (the whole catalogue), or these ids. `byStock`: which products the answer holds, or their
 * order, follows stock or units sold (the popularity order), so a stock change elsewhere may move
 * another product into it.
 */
export type Holding = 'all' | { ids: readonly string[]; byStock?: boolean };

/** A built answer: its text, and what it shows (a bare text holds the whole catalogue). */
export type Built = string | { text: string; holding: Holding };

/** Bounds of the cache: a stream of new search words must not grow memory. */
export interface CatalogueCacheLimits {
  /** At most this many answers kept (the least recently used goes first). */
  maxEntries: number;
  /** At most this many bytes kept, plain and gzipped together; a larger answer is served, not kept. */
  maxBytes: number;
}

/**
 * A whole 5,000-product catalogue is about 3.6 MB (and its gzipped copy): the defaults keep it in
 * every sort, its categories, and hundreds of searches and pages (a page of 24 is about 18 KB).
 */
export const CATALOGUE_CACHE_LIMITS: CatalogueCacheLimits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 };

/**
 * How long an answer in popularity order may keep its order after units sold moved elsewhere: its
 * own products' figures are never stale (a change to one of them drops it), but a product outside it
 * may have sold past one inside. Short, so the best sellers stay nearly current, and long enough that
 * a sale day's stream of orders does not rebuild the default listing for every one.
 */
export const STOCK_ORDER_LAG_MS = 10_000;

type Entry = CachedBody & { expires: number; bytes: number; ids: Set<string> | 'all'; byStock: boolean };

/** A build under way, and the changes that landed while it read. */
interface Building {
  promise: Promise<CachedBody>;
  /** Products whose stock changed since it began; `all`: any product data or setting did. */
  touched: Set<string> | 'all';
}

/**
 * A micro-cache for the catalogue's public answers (GET /api/getProducts, the paged listing, one
 * product, the whole catalogue for a phone's sync). With thousands of products, building an answer
 * costs far more than sending it, so one build serves every request with the same key for `ttlMs`,
 * and requests that arrive during a build share it. Entries are bounded in number and bytes, the
 * least recently used going first. The "catalogue changed" signal drops what a change touched: a
 * stock change only the answers showing one of its products (and the whole catalogue), any other
 * change everything. Other processes hear a change through the same signal (LISTEN/NOTIFY), and
 * `ttlMs` bounds what a lost notification could leave; stock is enforced when an order is placed
 * whatever a phone was shown. `ttlMs` 0 turns it off.
 */
export function createCatalogueCache(ttlMs: number, now: () => number = Date.now, limits: CatalogueCacheLimits = CATALOGUE_CACHE_LIMITS) {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const building = new Map<string, Building>();
  /** Every build still running, including those a change detached from `building`. */
  const running = new Set<Building>();
  let bytes = 0;

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

  const keep = (key: string, cached: CachedBody, holding: Holding, expires: number) => {
    const ids = holding === 'all' ? 'all' : new Set(holding.ids);
    const size = cached.body.byteLength + cached.gzip.byteLength + key.length * 2 + (ids === 'all' ? 0 : ids.size * 80);
    if (size > limits.maxBytes || limits.maxEntries < 1) return;
    remove(key);
    entries.set(key, { ...cached, expires, bytes: size, ids, byStock: holding !== 'all' && holding.byStock === true });
    bytes += size;
    // Over a bound, the least recently used go; expired ones at the front go too, to free their bytes.
    const at = now();
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes && oldest.expires > at) break;
      remove(oldestKey);
    }
  };

  /** Whether a stock change of `touched` products reaches an answer holding `ids`. */
  const reaches = (touched: Set<string> | 'all', ids: Set<string> | 'all' | readonly string[]) => {
    if (touched === 'all') return true;
    if (touched.size === 0) return false;
    if (ids === 'all') return true;
    for (const id of ids) if (touched.has(id)) return true;
    return false;
  };

  return {
    async get(key: string, build: () => Promise<Built>): Promise<CachedBody> {
      if (ttlMs <= 0) {
        const built = await build();
        return toCached(typeof built === 'string' ? built : built.text);
      }
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return entry;
      }
      if (entry) remove(key);
      const pending = building.get(key);
      if (pending) return pending.promise;
      const startedAt = now();
      const record = { touched: new Set() } as Building;
      record.promise = build()
        .then((built) => {
          const [text, holding] = typeof built === 'string' ? [built, 'all' as const] : [built.text, built.holding];
          const cached = toCached(text);
          const ids = holding === 'all' ? 'all' : holding.ids;
          // A change during the build may not be in it: answer with it, but keep it only if the change
          // cannot show in it. One that may reorder it (units sold elsewhere) keeps it briefly.
          if (!reaches(record.touched, ids)) {
            const stockMoved = record.touched !== 'all' && record.touched.size > 0 && holding !== 'all' && holding.byStock === true;
            const expires = now() + ttlMs;
            keep(key, cached, holding, stockMoved ? Math.min(expires, startedAt + STOCK_ORDER_LAG_MS) : expires);
          }
          return cached;
        })
        .finally(() => {
          running.delete(record);
          if (building.get(key) === record) building.delete(key);
        });
      building.set(key, record);
      running.add(record);
      return record.promise;
    },
    /**
     * After a change has committed: a stock change drops the answers holding one of its products
     * (answers in popularity order keep their order at most STOCK_ORDER_LAG_MS more); any other
     * change drops every entry. Builds under way are not joined again and are kept only if the
     * change cannot show in them.
     */
    invalidate(change: CatalogueChange = { kind: 'all' }) {
      building.clear();
      if (change.kind !== 'stock') {
        for (const record of running) record.touched = 'all';
        entries.clear();
        bytes = 0;
        return;
      }
      for (const record of running) if (record.touched !== 'all') for (const id of change.productIds) record.touched.add(id);
      const touched = new Set(change.productIds);
      const lagUntil = now() + STOCK_ORDER_LAG_MS;
      for (const [key, entry] of entries) {
        if (reaches(touched, entry.ids)) remove(key);
        else if (entry.byStock) entry.expires = Math.min(entry.expires, lagUntil);
      }
    },
    /** What is kept now, for tests and the benchmark. */
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
