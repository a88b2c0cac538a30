import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, publicProductsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { CATALOGUE_KEY, type RequestState, requestStateOf, STOCK_STALE_MS } from '@/client/lib/query-client';
import { MESSAGES } from '@/shared/messages';
import type { Product } from '@/shared/types';

/**
 * `GET /getProducts`: the whole catalogue, for the admin's order entry (its product search runs on
 * the tablet). No storefront screen loads it any more (issue 30: pages, and the phone's own copy);
 * under CATALOGUE_KEY, so catalogueChanged() refreshes it.
 */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'all'] as const,
    queryFn: async () => (await apiCall(() => answerOf(publicProductsClient.getProducts.$get({ query: {} })), MESSAGES.productsFetchFailed)).data,
    staleTime: STOCK_STALE_MS,
  });

/** The catalogue for order entry; `error` only while there is no list to show. */
export function useCatalogue(): { status: RequestState<Product[]>['status']; products: Product[]; error: string | null; retry: () => void } {
  const query = useQuery(catalogueQuery());
  const state = requestStateOf(query);
  return {
    status: state.status,
    products: query.data ?? NO_PRODUCTS,
    error: state.status === 'error' ? state.failure.message : null,
    retry: () => void query.refetch(),
  };
}

const NO_PRODUCTS: Product[] = [];
