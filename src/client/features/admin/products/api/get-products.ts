import { queryOptions } from '@tanstack/react-query';
import { answerOf, productsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { Page, Product } from '@/shared/types';
import type { ProductsListArgs } from '../lib/products-search';
import { PRODUCT_TEXTS } from '../texts';

export type ProductPage = Page<'data', Product>;

/** Admin tables show 10 rows a page (spec section 9). */
export const PRODUCTS_PER_PAGE = 10;

/**
 * GET /api/getProducts?q=&category=&sort=&page=&limit=10: one page of the catalogue, searched by name,
 * description or category, of one category or all, newest first unless sorted.
 */
export async function getProducts({ q, category, sort, page }: ProductsListArgs): Promise<ProductPage> {
  const query = { q, category, sort, page, limit: PRODUCTS_PER_PAGE };
  const answer = await apiCall(() => answerOf(productsClient.getProducts.$get({ query })), PRODUCT_TEXTS.fetchListFailed);
  const { data } = answer;
  return { data, total: answer.total ?? data.length, page: answer.page ?? page, limit: answer.limit ?? PRODUCTS_PER_PAGE };
}

/** The first part of every admin product query's key (the pages, the low-stock lists, one product). */
export const ADMIN_PRODUCTS_KEY = ['admin', 'products'] as const;

/** The first part of the keys of the paged, searched lists: a product change invalidates them all. */
export const ADMIN_PRODUCT_LISTS_KEY = [...ADMIN_PRODUCTS_KEY, 'list'] as const;

/** One page of /admin/products, by its search text, category, sort and page (from lib/products-search.ts productsListArgs). */
export const adminProductsQuery = (args: ProductsListArgs) =>
  queryOptions({ queryKey: [...ADMIN_PRODUCT_LISTS_KEY, args] as const, queryFn: () => getProducts(args) });
