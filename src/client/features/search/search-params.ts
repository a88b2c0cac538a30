/** What /search reads from its address. */
interface SearchParams {
  q: string;
}

/**
 * `/search?q=`: the query as text (the router reads `?q=123` as a number), at most 200 characters;
 * anything else, or nothing, is an empty query. A plain function rather than a schema: it runs on
 * every page's first screen, where a validation library would cost kilobytes.
 */
export function searchParams(search: Record<string, unknown>): SearchParams {
  const { q } = search;
  return { q: typeof q === 'string' || typeof q === 'number' ? String(q).slice(0, 200) : '' };
}
