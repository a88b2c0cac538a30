import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Product } from '@/shared/types';
import { useCatalogueCopy } from './catalogue-copy-store';
import { type ListingQuery, productPageQuery } from './queries/catalogue';
import { useOnline } from './use-online';
import { usePhoneCopy } from './use-phone-copy';

export interface ProductPageState {
  status: 'loading' | 'ready' | 'error';
  products: readonly Product[];
  error: string | null;
  retry: () => void;
}

/**
 * One short page of products (`GET /products`, productPageQuery) for a section of a screen: online
 * from the server; offline, or when the call fails, the same page from the phone's copy. With
 * `preferCopy` (search suggestions) the copy answers whenever the phone holds one, instantly and
 * with no call. `query` must keep its identity while it means the same (a constant, or memoized).
 */
export function useProductPage(
  query: ListingQuery,
  { enabled = true, preferCopy = false }: { enabled?: boolean; preferCopy?: boolean } = {},
): ProductPageState {
  const online = useOnline();
  const kept = useCatalogueCopy((state) => state.kept);
  const copyFirst = enabled && (preferCopy ? kept === 'saved' : !online);
  const page = useQuery({ ...productPageQuery(query), enabled: enabled && !(copyFirst && kept === 'saved') });
  const phone = usePhoneCopy(copyFirst || (enabled && page.isError));
  const local = useMemo(() => phone?.copy.pageOf(phone.products, query).data, [phone?.copy, phone?.products, query]);
  const products = local ?? page.data?.data;
  return {
    // A failed call waits while the copy may still answer (being looked for or read).
    status: products ? 'ready' : page.isError && !page.isFetching && kept === 'none' ? 'error' : 'loading',
    products: products ?? NONE,
    error: page.error?.message ?? null,
    retry: () => void page.refetch(),
  };
}

const NONE: readonly Product[] = [];
