/** What the service worker caches at run time, by name: a new name (a new version) drops the old cache on activation. */
export const RUNTIME_CACHES = {
  // v2: no longer the whole catalogue (issue 30), so the old megabytes go on activation.
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
