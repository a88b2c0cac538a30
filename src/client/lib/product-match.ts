import type { Product } from '@/shared/types';

/**
 * Products matching a query (spec section 7: by name, description or category, case-insensitive),
 * as the phone's copy of the catalogue answers a search (offline, or the search box's suggestions).
 * Every word of the query must appear somewhere in those fields; products whose name matches come
 * first, otherwise the catalogue's order is kept. A blank query matches nothing.
 */
export function matchProducts(products: readonly Product[], query: string, limit = Number.POSITIVE_INFINITY): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const byName: Product[] = [];
  const byOther: Product[] = [];
  for (const product of products) {
    const name = product.name.toLowerCase();
    const haystack = `${name}\n${product.description.toLowerCase()}\n${product.category.toLowerCase()}`;
    if (!words.every((w) => haystack.includes(w))) continue;
    (words.every((w) => name.includes(w)) ? byName : byOther).push(product);
  }
  return [...byName, ...byOther].slice(0, limit);
}
