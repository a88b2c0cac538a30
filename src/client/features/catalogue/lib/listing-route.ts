import { productPagesQuery } from '@/client/lib/queries/catalogue';
import { loadQueries, type RouterContext } from '@/client/lib/query-client';
import type { Category } from '@/shared/constants';
import { parseSort, sortSearch } from './sort';

/**
 * What every listing route (all products and the five categories) shares: the sort in the address,
 * and the listing's first page loaded (the rest follows as the shopper scrolls).
 */
export const listingRoute = (category?: Category) => ({
  validateSearch: sortSearch,
  loaderDeps: ({ search }: { search: { sort?: unknown } }) => ({ sort: parseSort(search.sort) }),
  loader: ({ context, deps }: { context: RouterContext; deps: { sort: ReturnType<typeof parseSort> } }) =>
    loadQueries(context, productPagesQuery({ category, sort: deps.sort })),
});
