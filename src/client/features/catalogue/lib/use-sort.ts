import { useNavigate, useSearch } from '@tanstack/react-router';
import { DEFAULT_SORT, type ProductSort } from '@/shared/constants';
import { parseSort } from './sort';

/** The page's `?sort=` (Popularity when absent or unknown) and how to change it. */
export function useSortParam(): [ProductSort, (next: ProductSort) => void] {
  const search: { sort?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const sort = parseSort(search.sort);
  const setSort = (next: ProductSort) => {
    // Popularity is the default, so its address stays clean; the back button leaves the page, not the sort.
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, sort: next === DEFAULT_SORT ? undefined : next }), replace: true });
  };
  return [sort, setSort];
}
