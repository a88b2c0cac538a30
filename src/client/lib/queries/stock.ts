import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_STOCK_IDS, type StockLevel } from '@/shared/catalogue';
import { MESSAGES } from '@/shared/messages';
import type { StartupAnswers } from '../api-client';
import { apiCall, publicHttp } from '../http';
import { CATALOGUE_KEY, STOCK_STALE_MS } from '../query-client';

/**
 * `GET /stock?ids=a,b,c`: the stock of the products a screen shows, served apart from their data, so
 * a product page or the cart shows stock as it is now even when the product came from the phone's
 * copy minutes ago. Under CATALOGUE_KEY: an order placed here (catalogueChanged) asks again.
 */
export const stockQuery = (ids: readonly string[]) => {
  const list = [...new Set(ids)].sort().slice(0, MAX_STOCK_IDS).join(',');
  return queryOptions({
    queryKey: [CATALOGUE_KEY, 'stock', list] as const,
    queryFn: async () =>
      (await apiCall((): Promise<StartupAnswers['stock']> => publicHttp.get('stock', { searchParams: { ids: list } }).json(), MESSAGES.productFetchFailed))
        .data,
    staleTime: STOCK_STALE_MS,
  });
};

/**
 * The current stock of these products by id, once the server has answered (an empty map before, or
 * offline: the screen keeps the stock it has). A product the answer leaves out no longer exists.
 */
export function useStockLevels(ids: readonly string[]): { levels: ReadonlyMap<string, StockLevel>; answered: boolean } {
  const { data } = useQuery({ ...stockQuery(ids), enabled: ids.length > 0 });
  const levels = useMemo(() => new Map((data ?? []).map((level) => [level._id, level])), [data]);
  return { levels, answered: data !== undefined };
}
