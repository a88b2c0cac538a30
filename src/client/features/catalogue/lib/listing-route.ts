import { catalogueQuery } from '@/client/lib/queries/catalogue';
import { loadQueries, type RouterContext } from '@/client/lib/query-client';
import { sortSearch } from './sort';

/** What every listing route (all products and the five categories) shares: the sort in the address, the catalogue loaded. */
export const listingRoute = {
  validateSearch: sortSearch,
  loader: ({ context }: { context: RouterContext }) => loadQueries(context, catalogueQuery()),
};
