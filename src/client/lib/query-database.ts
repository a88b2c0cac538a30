/**
 * The IndexedDB database the query persister (lib/query-persister.ts) keeps answers in, apart from
 * the one the cart, checkout and outbox are kept in. A module of its own so the catalogue copy can
 * name it without loading the persister.
 */
export const QUERY_DATABASE = { name: 'shop-queries', store: 'queries' } as const;
