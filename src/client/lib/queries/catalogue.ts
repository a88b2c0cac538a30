import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@/shared/messages';
import type { DataAnswer, Listed, Product } from '@/shared/types';
import { apiCall, publicHttp } from '../http';
import { CATALOGUE_KEY, type RequestState, requestStateOf } from '../query-client';
import { persistInIndexedDb } from '../query-persister';

/*
 * The public catalogue: every query whose key starts with CATALOGUE_KEY (the whole list, one
 * product), so one catalogueChanged() reaches them all. Shared by several storefront features, so it
 * lives here rather than in one of them.
 */

/**
 * Stock moves with other shoppers' orders and with holds running out, which this phone cannot see:
 * the catalogue counts as fresh for a short while only, then a page, a focus or a reconnect
 * refetches it (the kept copy shows meanwhile).
 */
export const STOCK_STALE_MS = 30_000;

/**
 * `GET /getProducts`: the full catalogue, shared by every screen (home sections, the shop and
 * category pages, search, similar products), which filter and sort it on the phone. Kept in
 * IndexedDB, so the shop opens with it at once and works with no connection (`offlineFirst`: the
 * kept copy is read even while the browser is offline).
 */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'all'] as const,
    queryFn: async () => (await apiCall(() => publicHttp.get('getProducts').json<Listed<'data', Product>>(), MESSAGES.productsFetchFailed)).data,
    staleTime: STOCK_STALE_MS,
    networkMode: 'offlineFirst',
    persister: persistInIndexedDb,
  });

/** `GET /getSingleProductById/{id}`: one product, for a page the catalogue does not (yet) hold. 404: no such product. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'product', id] as const,
    queryFn: async () =>
      (await apiCall(() => publicHttp.get(`getSingleProductById/${encodeURIComponent(id)}`).json<DataAnswer<Product>>(), MESSAGES.productFetchFailed)).data,
    staleTime: STOCK_STALE_MS,
    networkMode: 'offlineFirst',
    // A failure stays until asked again ('Try again', the route's loader): a page the server drew as
    // 'not found' is drawn the same by the browser, not as a skeleton while it asks once more.
    retryOnMount: false,
  });

type CatalogueStatus = RequestState<Product[]>['status'];

/**
 * The catalogue for a screen. With a copy in hand (kept or fetched) the screen shows it, even when
 * a refetch failed (offline, or the server briefly down); `error` only without one.
 */
export function useCatalogue({ enabled = true }: { enabled?: boolean } = {}): {
  status: CatalogueStatus;
  products: Product[];
  error: string | null;
  retry: () => void;
} {
  const query = useQuery({ ...catalogueQuery(), enabled });
  const state = requestStateOf(query);
  return {
    status: state.status,
    products: query.data ?? NO_PRODUCTS,
    error: state.status === 'error' ? state.failure.message : null,
    retry: () => void query.refetch(),
  };
}

const NO_PRODUCTS: Product[] = [];
