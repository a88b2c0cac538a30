import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
 * The server-rendered pages, per normalised URL (http/pages.ts pageKey): bounded in entries and bytes
 * (the least recently used goes first), dropped whole on the "catalogue changed" signal. Requests for
 * a page being rendered share that render; a render that began before a change is served to its own
 * requests but not kept, so no page older than the change outlives it.
 */
export function createPageCache(limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage>>();
  let bytes = 0;
  let generation = 0;
  const sizeOf = (page: CachedPage) => page.html.length + page.gzip.length + page.br.length;

  function keep(key: string, page: CachedPage) {
    const size = sizeOf(page);
    if (size > limits.maxBytes) return;
    entries.set(key, page);
    bytes += size;
    for (const [oldest, old] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      entries.delete(oldest);
      bytes -= sizeOf(old);
    }
  }

  return {
    /** The kept page for `key`, else one render shared by everyone asking meanwhile (kept unless the catalogue changed under it). */
    get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = rendering.get(key);
      if (pending) return pending;
      const started = generation;
      const promise = render()
        .then((page) => {
          if (started === generation && page.status === 200) keep(key, page);
          return page;
        })
        .finally(() => {
          if (rendering.get(key) === promise) rendering.delete(key);
        });
      rendering.set(key, promise);
      return promise;
    },
    /** The catalogue changed: every page goes, and renders under way are not kept. */
    clear() {
      generation++;
      entries.clear();
      rendering.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
