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
