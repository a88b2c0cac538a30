import { pageParam, textParam } from '@/client/lib/list-search';

/** `/admin/products?q=&page=`: what the list shows, kept in the address for reloads and Back. */
interface AdminProductsSearch {
  q?: string;
  page?: number;
}

/** validateSearch of /admin/products: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminProductsSearch(search: Record<string, unknown>): AdminProductsSearch {
  return { q: textParam(search.q), page: pageParam(search.page) };
}

/** The page asked for by the address, as the page's query and the route's loader both name it (one cache entry). */
export function productsListArgs(search: AdminProductsSearch): { q: string; page: number } {
  return { q: search.q ?? '', page: search.page ?? 1 };
}
