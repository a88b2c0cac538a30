import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Product } from '@/shared/types';
import { useCatalogueCopy } from './catalogue-copy-store';
import { type ListingQuery, productPagesQuery } from './queries/catalogue';
import { useOnline } from './use-online';
import { usePhoneCopy } from './use-phone-copy';

/** How a list that grows gets its next page: what its grid (on scroll) and its Load more button use. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** The next page could not be fetched (its message); `fetchNextPage` asks again. */
  nextPageError: string | null;
}

/**
 * A listing as a screen shows it (the shop, category and search pages): the products loaded so far,
 * how many match in all, and how to get more. A grid calls `fetchNextPage` as the shopper nears the
 * end (the windowed grid's `onEndReached`, a "Load more" button) while `hasNextPage`.
 */
export interface ProductListing extends NextPages {
  status: 'loading' | 'ready' | 'error';
  products: readonly Product[];
  /** How many products match the whole query. */
  total: number;
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
 * copy, filtered, searched and sorted here, every match at once: the data is already on the phone,
 * and the windowed grid draws only the cards near the screen.
 */
export function useProductListing(query: ListingQuery, { enabled = true }: { enabled?: boolean } = {}): ProductListing {
  const online = useOnline();
  const kept = useCatalogueCopy((state) => state.kept);
  const pages = useInfiniteQuery({ ...productPagesQuery(query), enabled: enabled && (online || kept !== 'saved'), placeholderData: keepPreviousData });
  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? NONE, [pages.data]);

  const phone = usePhoneCopy(enabled && (!online || pages.isError));
  const matching = useMemo(() => phone?.copy.pageOf(phone.products, query).data, [phone?.copy, phone?.products, query, phone]);

  if (matching) {
    return {
      status: 'ready',
      products: matching,
      total: matching.length,
      hasNextPage: false,
      isFetchingNextPage: false,
      fetchNextPage: () => {},
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
    // Asked again while a page is on its way (the grid near the end, a press of Load more), the call
    // joins it: by default the query would cancel it and fetch the same page a second time.
    fetchNextPage: () => void pages.fetchNextPage({ cancelRefetch: false }),
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
