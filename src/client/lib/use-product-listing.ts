import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PRODUCT_PAGE_SIZE } from '@/shared/catalogue';
import type { Product } from '@/shared/types';
import { useCatalogueCopy } from './catalogue-copy-store';
import { type ListingQuery, productPagesQuery } from './queries/catalogue';
import { useOnline } from './use-online';
import { usePhoneCopy } from './use-phone-copy';

/**
 * A listing as a screen shows it (the shop, category and search pages): the products loaded so far,
 * how many match in all, and how to get more. A grid calls `fetchNextPage` as the shopper nears the
 * end (a virtualized grid's `onEndReached`, a sentinel, a "Load more" button) while `hasNextPage`.
 */
export interface ProductListing {
  status: 'loading' | 'ready' | 'error';
  products: readonly Product[];
  /** How many products match the whole query. */
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** The next page could not be fetched (its message); `fetchNextPage` asks again. */
  nextPageError: string | null;
  /** Another order or filter is being fetched while the previous one shows. */
  updating: boolean;
  error: string | null;
  retry: () => void;
  /** The products come from the phone's copy (offline, or the network failed): the screen says so. */
  fromCopy: boolean;
}

/**
 * Online: `GET /products` a page at a time (productPagesQuery; the first page usually came with the
 * route's loader). Offline, or when a call fails: the same query answered by the phone's complete
 * copy, filtered, searched and sorted here, and shown a page at a time too (a long list never
 * renders whole).
 */
export function useProductListing(query: ListingQuery, { enabled = true }: { enabled?: boolean } = {}): ProductListing {
  const online = useOnline();
  const kept = useCatalogueCopy((state) => state.kept);
  const pages = useInfiniteQuery({ ...productPagesQuery(query), enabled: enabled && (online || kept !== 'saved'), placeholderData: keepPreviousData });
  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? NONE, [pages.data]);

  const phone = usePhoneCopy(enabled && (!online || pages.isError));
  const matching = useMemo(() => phone?.copy.pageOf(phone.products, query).data, [phone?.copy, phone?.products, query, phone]);
  // The copy shows a page at a time as well, starting with as many as the network had brought.
  const key = JSON.stringify(query);
  const [shown, setShown] = useState({ key, count: PRODUCT_PAGE_SIZE });
  const count = Math.max(shown.key === key ? shown.count : PRODUCT_PAGE_SIZE, pages.isPlaceholderData ? 0 : loaded.length);

  if (matching) {
    return {
      status: 'ready',
      products: matching.slice(0, count),
      total: matching.length,
      hasNextPage: count < matching.length,
      isFetchingNextPage: false,
      fetchNextPage: () => setShown({ key, count: count + PRODUCT_PAGE_SIZE }),
      nextPageError: null,
      updating: false,
      error: null,
      retry: () => void pages.refetch(),
      fromCopy: true,
    };
  }
  const first = pages.data?.pages[0];
  const base = {
    products: loaded,
    total: first?.total ?? 0,
    hasNextPage: pages.hasNextPage && !pages.isPlaceholderData,
    isFetchingNextPage: pages.isFetchingNextPage,
    fetchNextPage: () => {
      if (!pages.isFetchingNextPage) void pages.fetchNextPage();
    },
    nextPageError: pages.isFetchNextPageError ? (pages.error?.message ?? null) : null,
    updating: pages.isPlaceholderData,
    retry: () => void pages.refetch(),
    fromCopy: false,
  };
  if (first) return { ...base, status: 'ready', error: null };
  // A failed first page waits while the copy may still answer (being looked for or read).
  if (pages.isError && !pages.isFetching && kept === 'none') return { ...base, status: 'error', error: pages.error.message };
  return { ...base, status: 'loading', error: null };
}

const NONE: readonly Product[] = [];
