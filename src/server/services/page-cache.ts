import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CatalogueChange } from './catalogue-signal';

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
 * shows outlives it.
 */
export function createPageCache(limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const entries = new Map<string, CachedPage & { reads?: PageReads }>();
  const rendering = new Map<string, Render>();
  /** Every render under way, including those a change detached from `rendering`. */
  const running = new Set<Render>();
  let bytes = 0;
  const sizeOf = (page: CachedPage) => page.html.length + page.gzip.length + page.br.length;

  /** Whether a change of `touched` products can show in a page that read `reads` (unknown reads: yes). */
  const reaches = (touched: Set<string> | 'all', reads: PageReads | undefined) => {
    if (touched === 'all') return true;
    if (touched.size === 0) return false;
    if (!reads || reads.all) return true;
    for (const id of touched) if (reads.ids.has(id)) return true;
    return false;
  };

  function remove(key: string) {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  }

  function keep(key: string, page: CachedPage & { reads?: PageReads }) {
    const size = sizeOf(page);
    if (size > limits.maxBytes) return;
    remove(key);
    entries.set(key, page);
    bytes += size;
    for (const [oldest] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      remove(oldest);
    }
  }

  /** After a change has committed: the pages it can show in go, and renders under way are not joined again. */
  function invalidate(change: CatalogueChange = { kind: 'all' }) {
    rendering.clear();
    if (change.kind !== 'stock') {
      for (const record of running) record.touched = 'all';
      entries.clear();
      bytes = 0;
      return;
    }
    for (const record of running) if (record.touched !== 'all') for (const id of change.productIds) record.touched.add(id);
    const touched = new Set(change.productIds);
    for (const [key, page] of entries) if (reaches(touched, page.reads)) remove(key);
  }

  return {
    /** The kept page for `key`, else one render shared by everyone asking meanwhile (kept unless a change overtook it). */
    get(key: string, render: () => Promise<CachedPage & { reads?: PageReads }>): Promise<CachedPage> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = rendering.get(key);
      if (pending) return pending.promise;
      const record = { touched: new Set() } as Render;
      record.promise = render()
        .then((page) => {
          if (page.status === 200 && !reaches(record.touched, page.reads)) keep(key, page);
          return page;
        })
        .finally(() => {
          running.delete(record);
          if (rendering.get(key) === record) rendering.delete(key);
        });
      rendering.set(key, record);
      running.add(record);
      return record.promise;
    },
    invalidate,
    /** Every page goes (a change of unknown extent). */
    clear() {
      invalidate({ kind: 'all' });
    },
    get size() {
      return entries.size;
    },
  };
}

/** A render under way, and the changes that landed while it ran. */
interface Render {
  promise: Promise<CachedPage>;
  touched: Set<string> | 'all';
}

export type PageCache = ReturnType<typeof createPageCache>;
