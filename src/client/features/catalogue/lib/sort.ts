import * as z from 'zod/mini';
import { PRODUCT_SORTS, type ProductSort } from '../../../../shared/constants';
import { DEFAULT_SORT } from '../../../../shared/product-sort';

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
 * rewrite its URL at start-up, a second navigation and a second render of every card.
 */
export const sortSearchSchema = z.object({
  sort: z.catch(z.optional(z.enum(PRODUCT_SORTS)), undefined),
});
export type SortSearch = z.output<typeof sortSearchSchema>;

export function parseSort(value: unknown): ProductSort {
  return sortSearchSchema.parse({ sort: value }).sort ?? DEFAULT_SORT;
}
