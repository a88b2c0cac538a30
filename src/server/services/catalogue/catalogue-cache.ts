import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createChangeAwareCache } from './change-aware-cache';

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

/**
 * A micro-cache for the catalogue's public answers (GET /api/getProducts, the paged listing, one
 * product, the whole catalogue for a phone's sync). With thousands of products, building an answer
 * costs far more than sending it, so one build serves every request with the same key for `ttlMs`,
 * and requests that arrive during a build share it. Entries are bounded in number and bytes, the
 * least recently used going first. The "catalogue changed" signal drops what a change touched: a
 * stock change only the answers showing one of its products (and the whole catalogue), any other
 * change everything (change-aware-cache.ts, shared with the rendered pages). Other processes hear a
 * change through the same signal (LISTEN/NOTIFY), and `ttlMs` bounds what a lost notification could
 * leave; stock is enforced when an order is placed whatever a phone was shown. `ttlMs` 0 turns it off.
 */
export function createCatalogueCache(ttlMs: number, now: () => number = Date.now, limits: CatalogueCacheLimits = CATALOGUE_CACHE_LIMITS) {
  const toCached = (text: string): CachedBody => {
    const body = new Uint8Array(Buffer.from(text));
    return { body, gzip: new Uint8Array(gzipSync(body)), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };
  const cache = createChangeAwareCache<CachedBody>({
    ttlMs,
    lagMs: STOCK_ORDER_LAG_MS,
    ...limits,
    // The id set is counted too: a listing of many products keeps their ids beside its bytes.
    sizeOf: (key, cached, shows) => cached.body.byteLength + cached.gzip.byteLength + key.length * 2 + (shows.ids === 'all' ? 0 : shows.ids.size * 80),
    now,
  });

  return {
    async get(key: string, build: () => Promise<Built>): Promise<CachedBody> {
      if (ttlMs <= 0) {
        const built = await build();
        return toCached(typeof built === 'string' ? built : built.text);
      }
      return cache.get(key, async () => {
        const built = await build();
        if (typeof built === 'string') return { value: toCached(built), shows: { ids: 'all' } };
        const { text, holding } = built;
        const shows = holding === 'all' ? { ids: 'all' as const } : { ids: new Set(holding.ids), lagsOnStock: holding.byStock === true };
        return { value: toCached(text), shows };
      });
    },
    /**
     * After a change has committed: a stock change drops the answers holding one of its products
     * (answers in popularity order keep their order at most STOCK_ORDER_LAG_MS more); any other
     * change drops every entry.
     */
    invalidate: cache.invalidate,
    /** What is kept now, for tests and the benchmark. */
    stats: cache.stats,
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
