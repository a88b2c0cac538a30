import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedBody {
  /** Encoded once, so no request pays for turning the text into bytes again. */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped once (a 5,000-product catalogue shrinks about tenfold for a phone on mobile data). */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * A micro-cache for the full catalogue answer, the one call every shopper's phone makes (and keeps
 * for offline use). With thousands of products, building it costs far more than sending it, so one
 * build serves every request for `ttlMs`, and requests that arrive during a build share it.
 * Writes in this process invalidate at once; other processes see a change within `ttlMs`, which is
 * harmless because stock is enforced when an order is placed. `ttlMs` 0 turns it off.
 */
export function createCatalogueCache(ttlMs: number, now: () => number = Date.now) {
  let entry: (CachedBody & { expires: number }) | undefined;
  let building: Promise<CachedBody> | undefined;
  let generation = 0;

  const toCached = (text: string): CachedBody => {
    const body = new Uint8Array(Buffer.from(text));
    return { body, gzip: new Uint8Array(gzipSync(body)), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };

  return {
    async get(build: () => Promise<string>): Promise<CachedBody> {
      if (ttlMs <= 0) return toCached(await build());
      if (entry && entry.expires > now()) return entry;
      if (!building) {
        const startedAt = generation;
        const thisBuild: Promise<CachedBody> = build()
          .then((body) => {
            const cached = toCached(body);
            // A write during the build may not be in it: answer with it, but do not keep it.
            if (startedAt === generation) entry = { ...cached, expires: now() + ttlMs };
            return cached;
          })
          .finally(() => {
            if (building === thisBuild) building = undefined;
          });
        building = thisBuild;
      }
      return building;
    },
    /** After a product write: the next request builds afresh rather than joining an older build. */
    invalidate() {
      generation += 1;
      entry = undefined;
      building = undefined;
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
