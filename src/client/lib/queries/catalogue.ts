import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ProductPageAnswer } from '@/shared/catalogue';
import { MESSAGES } from '@/shared/messages';
import type { ProductPageQuery } from '@/shared/schemas/products';
import type { StartupAnswers } from '../api-client';
import { apiCall, publicHttp } from '../http';
import { CATALOGUE_KEY, STOCK_STALE_MS } from '../query-client';
import { importCatalogueCopy } from '../use-phone-copy';

export { STOCK_STALE_MS };

/*
 * The public catalogue, a page at a time: every query whose key starts with CATALOGUE_KEY,
 * so one catalogueChanged() reaches them all. No screen loads the whole catalogue any more: the phone's
 * complete copy for offline use is kept and synced by changes apart from the query cache
 * (lib/catalogue-copy.ts). Shared by several storefront features, so it lives here; route loaders
 * use it, so it stays small (it is in the start-up code).
 */

/** What a list of products asks for: its category, search text, order and size; pages follow by cursor. */
export type ListingQuery = Omit<ProductPageQuery, 'cursor'>;

/** `GET /products?category&q&sort&cursor&limit`: one page of the catalogue (src/shared/catalogue.ts). */
function getProductPage(query: ProductPageQuery): Promise<ProductPageAnswer> {
  const searchParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[name] = String(value);
  return apiCall((): Promise<StartupAnswers['productPage']> => publicHttp.get('products', { searchParams }).json(), MESSAGES.productsFetchFailed);
}

/**
 * A listing that grows as the shopper scrolls (the shop, category and search pages): the first page
 * from the route's loader, the next ones by `fetchNextPage` (cursor). `offlineFirst`: the service
 * worker may still answer a page it kept when the browser says offline.
 */
export const productPagesQuery = (query: ListingQuery) =>
  infiniteQueryOptions({
    queryKey: [CATALOGUE_KEY, 'pages', query] as const,
    queryFn: ({ pageParam }) => getProductPage({ ...query, cursor: pageParam || undefined }),
    initialPageParam: '',
    getNextPageParam: (last: ProductPageAnswer) => last.nextCursor,
    staleTime: STOCK_STALE_MS,
    networkMode: 'offlineFirst',
  });

/** One short page and no more (the home page's sections, similar products, search suggestions). */
export const productPageQuery = (query: ListingQuery) =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'page', query] as const,
    queryFn: () => getProductPage(query),
    staleTime: STOCK_STALE_MS,
    networkMode: 'offlineFirst',
  });

/**
 * One product: the phone's copy has it (no call; its stock is refreshed apart, lib/queries/stock.ts),
 * else `GET /getSingleProductById/{id}`. 404: no such product.
 */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'product', id] as const,
    queryFn: async () =>
      (await importCatalogueCopy()
        .then((copy) => copy.copiedProduct(id))
        .catch(() => undefined)) ??
      (
        await apiCall(
          (): Promise<StartupAnswers['product']> => publicHttp.get(`getSingleProductById/${encodeURIComponent(id)}`).json(),
          MESSAGES.productFetchFailed,
        )
      ).data,
    staleTime: STOCK_STALE_MS,
    networkMode: 'offlineFirst',
    // A failure stays until asked again ('Try again', the route's loader): a page the server drew as
    // 'not found' is drawn the same by the browser, not as a skeleton while it asks once more.
    retryOnMount: false,
  });
