import * as z from 'zod/mini';
import { PRODUCT_SORTS, type ProductSort } from '../../../../shared/constants';
import type { Product } from '../../../../shared/types';

/** The sort choices of the shop and category pages, in the order the dropdown lists them. */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'New Arrivals' },
  { value: 'rating', label: 'Average Rating' },
];

export const DEFAULT_SORT: ProductSort = 'popularity';

/** `?sort=`: one of the five sorts; missing or unknown means Popularity (a bad link never breaks the page). */
export const sortSearchSchema = z.object({
  sort: z.catch(z._default(z.enum(PRODUCT_SORTS), DEFAULT_SORT), DEFAULT_SORT),
});
export type SortSearch = z.output<typeof sortSearchSchema>;

export function parseSort(value: unknown): ProductSort {
  return sortSearchSchema.parse({ sort: value }).sort;
}

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name);
const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

const COMPARE: Record<ProductSort, (a: Product, b: Product) => number> = {
  popularity: (a, b) => b.unitsSold - a.unitsSold || byName(a, b),
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  newest: (a, b) => time(b.createdAt) - time(a.createdAt) || byName(a, b),
  // Unrated products last; among equal ratings, the one more people rated first.
  rating: (a, b) => {
    if (a.rating === null || b.rating === null) return a.rating === b.rating ? byName(a, b) : a.rating === null ? 1 : -1;
    return b.rating - a.rating || b.ratingCount - a.ratingCount || byName(a, b);
  },
};

/** A sorted copy, the same order the server's `?sort=` gives. */
export function sortProducts(products: readonly Product[], sort: ProductSort): Product[] {
  return [...products].sort(COMPARE[sort]);
}
