/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cacheNames, clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { IMAGE_WIDTHS } from '../src/shared/constants';
import { withDemoBanner } from '../src/shared/demo-banner';
import { imagesFromOtherOrigins, otherWidthWhenMissing } from './images';
import { isCataloguePath, isProductImageUrl, NETWORK_TIMEOUT_SECONDS, RUNTIME_CACHES, WARM_URLS } from './routes';

/**
 * The shop's service worker (ARCHITECTURE section 6):
 * - the app shell is precached, and every client route opens from index.html, also offline;
 * - the catalogue and the shop settings are network-first with a short timeout, then the cached copy;
 * - product images (from /uploads or the shop's image CDN) are cache-first, with an expiry and a cap on how many are kept,
 *   and offline a width never fetched is answered with another width kept of the same image;
 * - nothing sent with credentials is cached, and old caches go when a new worker activates;
 * - a new worker waits until the shopper accepts 'New version available' (it never takes over mid-checkout).
 */
declare const self: ServiceWorkerGlobalScope;

/**
 * The precached shell has no demo banner (the server puts it into the pages it sends:
 * src/shared/demo-banner.ts). While the worker's copy of /api/settings says the shop is a demo, the
 * shell it answers with gets it here: no script of the page's, so nothing on the home budget.
 */
function demoBannerIn(handler: RouteHandlerCallback): RouteHandlerCallback {
  return async (options) => {
    const response = await handler(options);
    try {
      const cached = await (await caches.open(RUNTIME_CACHES.catalogue)).match('/api/settings');
      const settings = cached ? ((await cached.json()) as { data?: { demoShop?: boolean } }) : undefined;
      if (settings?.data?.demoShop !== true || !response.ok) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(withDemoBanner(await response.text()), { status: response.status, statusText: response.statusText, headers });
    } catch {
      return response;
    }
  };
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes (not the API, uploads or the test payment page) are the app's to draw: the home page
// from index.html (rendered at build time), every other route from shell.html (nothing drawn yet).
registerRoute(new NavigationRoute(demoBannerIn(createHandlerBoundToURL('index.html')), { allowlist: [/^\/$/] }));
registerRoute(new NavigationRoute(demoBannerIn(createHandlerBoundToURL('shell.html')), { denylist: [/^\/api\//, /^\/uploads\//, /^\/pay\//] }));

/** A request another user could not share: never cached. */
const carriesCredentials = (request: Request) => request.headers.has('authorization') || request.headers.has('x-order-token');

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCataloguePath(url.pathname) && !carriesCredentials(request),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.catalogue,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Product images: the shop's /uploads, or its STORAGE_PUBLIC_URL on another origin (fetched with CORS to be kept).
registerRoute(
  ({ url, request, sameOrigin }) => request.method === 'GET' && isProductImageUrl(url, sameOrigin),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.images,
    plugins: [
      imagesFromOtherOrigins(self.location.origin),
      // Offline, a width never fetched: another width kept of the same image (after the CDN's own fallback).
      otherWidthWhenMissing(RUNTIME_CACHES.images, IMAGE_WIDTHS),
      new CacheableResponsePlugin({ statuses: [200] }),
      // Each image is a phone-sized WebP (about 20 to 60 KB): 200 of them stay well under 15 MB.
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other API call goes to the network as it is, from the worker (nothing cached): the same path
// for all of them, so the browser's offline state and request handling apply alike.
const networkOnly = new NetworkOnly();
for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
  registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'), networkOnly, method);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Caches of earlier versions of this worker (renamed runtime caches) are removed, and the settings
  // the first visit fetched before this worker controlled it are kept now (best effort: offline it waits).
  const keep = new Set<string>([cacheNames.precache, ...Object.values(RUNTIME_CACHES)]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name))))
      .then(() => caches.open(RUNTIME_CACHES.catalogue))
      .then((cache) => cache.addAll(WARM_URLS))
      .catch(() => undefined),
  );
});

// The first visit is controlled at once, so the pages it fetches are already kept for offline use.
clientsClaim();
