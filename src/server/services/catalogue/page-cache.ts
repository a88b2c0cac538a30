import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CatalogueChange } from './catalogue-signal';
import { createChangeAwareCache } from './change-aware-cache';

/** A rendered page as the server keeps and sends it, with its compressed copies made once. */
export interface CachedPage {
  status: number;
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The Link header (image preload hints), if any. */
  link?: string;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A few hundred pages (products, categories and their sorts) of some 60 KB each, three copies. */
export const PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 1000, maxBytes: 96 * 1024 * 1024 };

/** The page's bytes, and their compressed copies (Brotli at a quick level: made once per render, not per request). */
export function encodePage(status: number, html: string, link?: string): CachedPage {
  const bytes = Buffer.from(html);
  return {
    status,
    html: bytes,
    gzip: gzipSync(bytes, { level: 6 }),
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    link,
  };
}

/**
 * What a page's render read through PageData, so a stock change drops only the pages it can show in.
 * A page is made from its URL and PageData's answers alone (the renderer is given nothing else), and
 * a stock change moves only the stock and units sold of its products. So it changes the answers of
 * `product(id)` for those ids, of the listings holding one of them, and the order of listings by
 * popularity (units sold); the settings and every other answer stay. A page that read none of these
 * renders the same after the change, and is kept.
 */
export interface PageReads {
  /** The products the page's answers held. */
  ids: Set<string>;
  /** It read the whole catalogue, or a listing in popularity order (another product's sales may change it). */
  all: boolean;
}

/**
 * The server-rendered pages, per normalised URL (http/pages.ts pageKey): bounded in entries and bytes
 * (the least recently used goes first). The "catalogue changed" signal drops the pages the change can
 * show in (a stock change: those that read one of its products or a popularity listing; anything else:
 * all). Requests for a page being rendered share that render; a render a change overtook is served to
 * its own requests but kept only if the change cannot show in it, so no page older than a change it
 * shows outlives it (change-aware-cache.ts, shared with the catalogue's answers). Only 200s are kept.
 */
export function createPageCache(limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const cache = createChangeAwareCache<CachedPage>({
    ttlMs: Number.POSITIVE_INFINITY,
    ...limits,
    sizeOf: (_key, page) => page.html.length + page.gzip.length + page.br.length,
  });
  const invalidate = (change: CatalogueChange = { kind: 'all' }) => cache.invalidate(change);

  return {
    /** The kept page for `key`, else one render shared by everyone asking meanwhile (kept unless a change overtook it). */
    get(key: string, render: () => Promise<CachedPage & { reads?: PageReads }>): Promise<CachedPage> {
      return cache.get(key, async () => {
        const { reads, ...page } = await render();
        // Unknown reads, or a listing another product's sales may reorder: any stock change shows in it.
        return { value: page, shows: { ids: !reads || reads.all ? 'all' : reads.ids }, keep: page.status === 200 };
      });
    },
    /** After a change has committed: the pages it can show in go, and renders under way are not joined again. */
    invalidate,
    /** Every page goes (a change of unknown extent). */
    clear() {
      invalidate({ kind: 'all' });
    },
    get size() {
      return cache.stats().entries;
    },
  };
}
