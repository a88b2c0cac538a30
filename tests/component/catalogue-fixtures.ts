import { vi } from 'vitest';
import { useCart } from '../../src/client/stores/cart';
import { useCatalogueStore } from '../../src/client/stores/catalogue';
import { useSession } from '../../src/client/stores/session';
import type { Product } from '../../src/shared/types';

/* jsdom gaps: Node's Request refuses relative URLs (ky sends '/api/...'); react-hot-toast and the hero read matchMedia. */
export function patchJsdom() {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
      }
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
  // The router scrolls to the top on navigation; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', () => {});
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers API calls by path (without /api/); anything else fails like a dropped network. */
export function mockApi(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const calls: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    calls.push(path);
    const route = routes[path];
    if (!route) throw new TypeError(`Failed to fetch (${path})`);
    return route(request);
  });
  return { spy, calls };
}

/** A catalogue call held open until the test lets it answer (the loading state). */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let serial = 0;
export function makeProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  return {
    _id: `p${serial}`,
    name: `Product ${serial}`,
    description: `Description of product ${serial}`,
    category: 'Skin',
    price: 50,
    stock: 10,
    productImageUrls: [`/uploads/img${serial}-640.webp`],
    createdAt: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    newArrival: false,
    rating: null,
    ratingCount: 0,
    unitsSold: 0,
    ...overrides,
  };
}

export function resetStores() {
  useCart.setState({ items: [], saving: [] });
  useSession.setState({ session: null });
  useCatalogueStore.setState({ status: 'idle', products: [], error: null });
}
