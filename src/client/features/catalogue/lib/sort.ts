import { DEFAULT_SORT, PRODUCT_SORTS, type ProductSort } from '@/shared/constants';

/** The sort choices of the shop and category pages, in the order the dropdown lists them. */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'New Arrivals' },
  { value: 'rating', label: 'Average Rating' },
];

/**
 * `?sort=`: one of the five sorts; missing or unknown means Popularity (`parseSort`), so a bad link
 * never breaks the page. The default stays out of the address: were it added, opening /products would
 * rewrite its URL at start-up, a second navigation and a second render of every card. A plain
 * function rather than a schema: it runs on the first screen, where a validation library would cost
 * kilobytes.
 */
interface SortSearch {
  sort?: ProductSort;
}

const isSort = (value: unknown): value is ProductSort => (PRODUCT_SORTS as readonly unknown[]).includes(value);

export function sortSearch(search: Record<string, unknown>): SortSearch {
  return isSort(search.sort) ? { sort: search.sort } : {};
}

export function parseSort(value: unknown): ProductSort {
  return isSort(value) ? value : DEFAULT_SORT;
}
