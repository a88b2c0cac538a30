import type { ProductPageAnswer } from './catalogue';
import type { ProductPageQuery } from './schemas/products';
import type { Product, ShopSettings } from './types';

/*
 * The contract between the server and the storefront's server renderer (src/client/server-render.tsx,
 * built by `vite build --ssr` into dist/ssr): the server hands over its data in-process, the
 * renderer answers with the page's parts, and the server puts them into the route's HTML.
 */

/** The public data a page may show, read from the app's services (never over HTTP). */
export interface PageData {
  /**
   * One page of the listing, as GET /api/products answers it (the shop, category and search pages
   * and the home page's sections): built once per query and kept until the catalogue changes.
   * Rejects with `{ status: 400 }` for a query the API would refuse (a bad cursor, `relevance` without `q`).
   */
  productPage(query: ProductPageQuery): Promise<ProductPageAnswer>;
  /** One product; rejects with `{ status: 404 }` when there is no such product. */
  product(id: string): Promise<Product>;
  /** The public settings, as GET /api/settings answers them. */
  settings(): Promise<ShopSettings>;
}

export interface PageRenderOptions {
  data: PageData;
  /** The shop's address (`https://shop.example`): absolute URLs in link previews and JSON-LD. */
  origin: string;
  /** The seed of the page's "random" picks (best sellers, similar products); the client reuses it. */
  seed: number;
}

export interface RenderedPage {
  /** 404 for an unknown page or product; else 200. */
  status: number;
  /** What goes inside `<div id="root">`. */
  markup: string;
  /** The page's `<title>`, meta description, canonical link, Open Graph and Twitter tags. */
  head: string;
  /** The state the client starts from (JSON, safe inside a `<script type="application/json">`). */
  state: string;
}

/** The element holding a server-rendered page's state; its presence means "hydrate, don't replace". */
export const PAGE_STATE_ID = 'page-state';

/** What the client reads from PAGE_STATE_ID. */
export interface PageState {
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
  seed: number;
  origin: string;
}

/** JSON that can sit inside a `<script>` element: nothing in it can close the element or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
