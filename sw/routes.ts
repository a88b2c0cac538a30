/** What the service worker caches at run time, by name: a new name (a new version) drops the old cache on activation. */
export const RUNTIME_CACHES = {
  // v2: no longer the whole catalogue, so the megabytes a v1 cache kept go on activation.
  catalogue: 'shop-data-v2',
  images: 'product-images-v1',
} as const;

/** How long the network may take before the cached catalogue answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * The public, shared answers kept for offline use: pages of the catalogue (`/api/products`), one
 * product, and the shop settings. Not stock levels (`/api/stock`: an old level shown as current is
 * worse than the product's own) nor the catalogue's changes (`/api/catalogueChanges`: the phone's
 * copy in IndexedDB is the offline catalogue, and a delta kept here would be answered again): those
 * go to the network only, like every other API call.
 */
export function isCataloguePath(pathname: string): boolean {
  return pathname === '/api/products' || pathname.startsWith('/api/getSingleProductById/') || pathname === '/api/settings';
}

/** Kept as soon as the worker activates: what the shop needs to open offline after one visit (the catalogue is the phone's copy). */
export const WARM_URLS = ['/api/settings'];

/** A stored image's WebP width, the last part of its URL: `{key}-{width}.webp`. */
const STORED_WEBP = /\/[a-f0-9]{16,64}-\d{2,4}\.webp$/;

/**
 * The product images the worker keeps: the shop's own `/uploads/…`, and on another origin a stored
 * WebP's URL (`…/{key}-{width}.webp`): the shop's STORAGE_PUBLIC_URL (a CDN). The worker needs no
 * setting for it: the page's Content-Security-Policy lets images come from that origin alone, so a
 * stored image's name on another origin can only be the shop's own.
 */
export function isProductImageUrl(url: URL, sameOrigin: boolean): boolean {
  if (sameOrigin) return url.pathname.startsWith('/uploads/');
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && STORED_WEBP.test(url.pathname);
}
