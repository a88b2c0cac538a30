import { type Category, DEFAULT_SORT, type ProductSort } from './constants';
import type { Product } from './types';

// Defined with the constants: the listings' start-up code reads it without loading the sorting below.
export { DEFAULT_SORT };

/**
 * The shop's listings in the order the phone shows them: the shop and category pages sort the
 * catalogue here, and the server uses the same order to name the first cards' images for preloading.
 */

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

/** The spec's client compares lowercase category names. */
export function isInCategory(product: Product, category: Category): boolean {
  return product.category.toLowerCase() === category.toLowerCase();
}
