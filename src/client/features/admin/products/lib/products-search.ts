import { oneOf, pageParam, textParam } from '@/client/lib/list-search';
import { ADMIN_PRODUCT_SORTS, type AdminProductSort, CATEGORIES, type Category } from '@/shared/constants';

/** `/admin/products?q=&category=&sort=&page=`: what the list shows, kept in the address for reloads and Back. */
export interface AdminProductsSearch {
  q?: string;
  category?: Category;
  /** None: newest first (the server's default). */
  sort?: AdminProductSort;
  page?: number;
}

/** validateSearch of /admin/products: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminProductsSearch(search: Record<string, unknown>): AdminProductsSearch {
  return {
    q: textParam(search.q),
    category: oneOf(CATEGORIES, search.category),
    // Newest is the default: it stays out of the address.
    sort: search.sort === 'newest' ? undefined : oneOf(ADMIN_PRODUCT_SORTS, search.sort),
    page: pageParam(search.page),
  };
}

/** What one page of the list is asked by: its search text, filter, order and page. */
export interface ProductsListArgs {
  q: string;
  category?: Category;
  sort?: AdminProductSort;
  page: number;
}

/** The page asked for by the address, as the page's query and the route's loader both name it (one cache entry). */
export function productsListArgs(search: AdminProductsSearch): ProductsListArgs {
  return { q: search.q ?? '', category: search.category, sort: search.sort, page: search.page ?? 1 };
}
