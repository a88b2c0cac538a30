/** What the service worker caches at run time, by name: a new name (a new version) drops the old cache on activation. */
export const RUNTIME_CACHES = {
  catalogue: 'shop-data-v1',
  images: 'product-images-v1',
} as const;

/** How long the network may take before the cached catalogue answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** The public, shared answers kept for offline use: the catalogue, one product, and the shop settings. */
export function isCataloguePath(pathname: string): boolean {
  return pathname === '/api/getProducts' || pathname.startsWith('/api/getSingleProductById/') || pathname === '/api/settings';
}

/** Kept as soon as the worker activates: what the shop needs to open offline after one visit. */
export const WARM_URLS = ['/api/getProducts', '/api/settings'];
