import { queryOptions } from '@tanstack/react-query';
import { answerOf, publicProductsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { CATALOGUE_KEY, STOCK_STALE_MS } from '@/client/lib/query-client';
import { MESSAGES } from '@/shared/messages';

/**
 * `GET /getProducts`: the whole catalogue, for the admin's order entry (its product search runs on
 * the tablet). No storefront screen loads it any more (pages, and the phone's own copy);
 * under CATALOGUE_KEY, so catalogueChanged() refreshes it.
 */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'all'] as const,
    queryFn: async () => (await apiCall(() => answerOf(publicProductsClient.getProducts.$get({ query: {} })), MESSAGES.productsFetchFailed)).data,
    staleTime: STOCK_STALE_MS,
  });
