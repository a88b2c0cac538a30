import type { WorkboxPlugin } from 'workbox-core';

/**
 * Keeping images from another origin (STORAGE_PUBLIC_URL's CDN) for offline use. An <img> fetches
 * them without CORS, and the answer is opaque: its status cannot be checked (an error page would be
 * kept for a month) and browsers count each one as megabytes of quota (Chrome pads them), so the
 * worker asks for the image with CORS instead and keeps the plain answer. A CDN that sends no
 * `Access-Control-Allow-Origin` fails that request: the image is then fetched as the page asked,
 * shown and not kept, and the worker stops asking that origin with CORS while it runs.
 */
export function imagesFromOtherOrigins(ownOrigin: string, fetchImage: (request: Request) => Promise<Response> = (request) => fetch(request)): WorkboxPlugin {
  const withoutCors = new Set<string>();
  const otherOrigin = (request: Request) => {
    const { origin } = new URL(request.url);
    return origin === ownOrigin ? undefined : origin;
  };
  return {
    async requestWillFetch({ request }) {
      const origin = otherOrigin(request);
      if (!origin || withoutCors.has(origin) || request.mode === 'cors') return request;
      return new Request(request.url, { mode: 'cors', credentials: 'omit' });
    },
    async handlerDidError({ request }) {
      const origin = otherOrigin(request);
      if (!origin) return undefined;
      // The CORS request failed: offline (this fails too, and the error stands) or no CORS headers.
      try {
        const answer = await fetchImage(request);
        withoutCors.add(origin);
        return answer;
      } catch {
        return undefined;
      }
    },
  };
}

/** A stored image's URL split at its width: `{base}-` and `{width}` of `{base}-{width}.webp`. */
const STORED_WIDTH = /^(.*-)(\d+)\.webp$/;

/**
 * Offline, the page may ask for a width of an image this phone never fetched: the product page's
 * main image at 1200 px and its thumbnails at 320 px, where the listing kept the card's 640 px. The
 * worker then answers with a width it keeps of the same image (the nearest larger one first, else
 * the largest smaller one) rather than fail: a sharp-enough picture instead of a broken-image icon.
 */
export function otherWidthWhenMissing(cacheName: string, widths: readonly number[], storage: Pick<CacheStorage, 'open'> = caches): WorkboxPlugin {
  return {
    async handlerDidError({ request }) {
      const url = new URL(request.url);
      const parts = STORED_WIDTH.exec(url.origin + url.pathname);
      const base = parts?.[1];
      if (!base) return undefined;
      const wanted = Number(parts[2]);
      const larger = widths.filter((w) => w > wanted).sort((a, b) => a - b);
      const smaller = widths.filter((w) => w < wanted).sort((a, b) => b - a);
      const cache = await storage.open(cacheName);
      for (const width of [...larger, ...smaller]) {
        // Kept with the <img>'s request headers: its Accept must not stand in the way (a `Vary: Accept`).
        const kept = await cache.match(`${base}${width}.webp`, { ignoreVary: true });
        if (kept) return kept;
      }
      return undefined;
    },
  };
}
