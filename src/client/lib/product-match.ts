import type { Product } from '@/shared/types';
import { correctTypos, searchWords, vocabularyOf } from '@/shared/typos';

/** The words of each list's names and categories, made once per list (the copy keeps one list while unchanged). */
const vocabularies = new WeakMap<readonly Product[], string[]>();

function vocabularyFor(products: readonly Product[]): string[] {
  let vocabulary = vocabularies.get(products);
  if (!vocabulary) {
    vocabulary = vocabularyOf(products.flatMap((product) => [product.name, product.category]));
    vocabularies.set(products, vocabulary);
  }
  return vocabulary;
}

/**
 * Products matching a query (spec section 7: by name, description or category, case-insensitive),
 * as the phone's copy of the catalogue answers a search (offline, or the search box's suggestions).
 * Every word of the query must appear somewhere in those fields; products whose name holds them
 * come first, then the others, then those whose name or category holds the query with its typos
 * read as the catalogue's words (shared/typos.ts, the online search's rule: 'shae buter'); within
 * each, the catalogue's order is kept. A blank query matches nothing.
 */
export function matchProducts(products: readonly Product[], query: string, limit = Number.POSITIVE_INFINITY): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const byName: Product[] = [];
  const byOther: Product[] = [];
  const byCorrection: Product[] = [];
  // Worked out at the first product the query as typed misses (nearly always, but never for none).
  let corrected: string[] | null | undefined;
  for (const product of products) {
    const name = product.name.toLowerCase();
    const category = product.category.toLowerCase();
    const haystack = `${name}\n${product.description.toLowerCase()}\n${category}`;
    if (words.every((w) => haystack.includes(w))) {
      (words.every((w) => name.includes(w)) ? byName : byOther).push(product);
      continue;
    }
    if (corrected === undefined) corrected = correctTypos(searchWords(query), vocabularyFor(products));
    if (corrected?.every((w) => name.includes(w) || category.includes(w))) byCorrection.push(product);
  }
  return [...byName, ...byOther, ...byCorrection].slice(0, limit);
}
