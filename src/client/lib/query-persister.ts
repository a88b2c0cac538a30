import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/query-persist-client-core';
import { notifyManager, type Query, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { createStore, del, entries, get, set } from 'idb-keyval';
import { QUERY_DATABASE } from './query-database';

/**
 * Keeps chosen queries in IndexedDB, one entry per query (one blob of the whole cache rewritten on
 * every change would not do). A query that has no data yet is answered from its entry at once (the
 * shop opens with the last settings, also offline) and then fetched afresh in the background:
 * stale-while-revalidate. The catalogue is not kept here: the phone's copy is its own
 * (lib/catalogue-copy.ts), synced by changes.
 *
 * Entries are stored as objects (IndexedDB clones them), not JSON text, and only what a restore
 * reads is kept: the data and when it was fetched.
 */
const queryStore = createStore(QUERY_DATABASE.name, QUERY_DATABASE.store);

const storage = experimental_createQueryPersister<PersistedQuery>({
  storage: {
    getItem: (key) => get<PersistedQuery>(key, queryStore),
    setItem: (key, value) => set(key, value, queryStore),
    removeItem: (key) => del(key, queryStore),
    entries: () => entries<string, PersistedQuery>(queryStore),
  },
  prefix: 'query',
  // A kept answer older than this is dropped rather than shown.
  maxAge: 30 * 24 * 60 * 60 * 1000,
  // Raise when a persisted answer's shape changes: older entries are then ignored.
  buster: '1',
  serialize: ({ buster, queryHash, queryKey, state }) =>
    ({ buster, queryHash, queryKey, state: { data: state.data, dataUpdatedAt: state.dataUpdatedAt, errorUpdatedAt: 0 } }) as PersistedQuery,
  deserialize: (stored) => stored,
});

/**
 * A query's `persister` option: kept in IndexedDB and restored from it. The library's own
 * `persisterFn` refetches after a restore only when an observer finds the copy stale, and leaves that
 * refetch's failure unhandled (offline, every visit); here a kept copy is a start, never the answer:
 * every visit asks the network once more, and a failure leaves the kept copy on screen.
 */
export async function persistInIndexedDb<T, TQueryKey extends QueryKey>(
  queryFn: (context: QueryFunctionContext<TQueryKey>) => T | Promise<T>,
  context: QueryFunctionContext<TQueryKey>,
  query: Query,
): Promise<T> {
  if (query.state.data === undefined) {
    const kept = await storage.retrieveQuery<T>(query.queryHash, (persisted) => {
      query.setState({ dataUpdatedAt: persisted.state.dataUpdatedAt });
      query.fetch().catch(() => undefined);
    });
    if (kept !== undefined) return kept;
  }
  const data = await queryFn(context);
  // After the cache has taken the answer: what is written is the query's new state.
  notifyManager.schedule(() => void storage.persistQuery(query).catch(() => undefined));
  return data;
}

/**
 * Keeps these queries' answers for offline use as they are now in the cache: a page the server
 * rendered brings the settings with it, and nothing is fetched that would have kept them otherwise.
 */
export function keepForOffline(client: QueryClient, keys: QueryKey[]): Promise<void> {
  const kept = keys.map((queryKey) => client.getQueryCache().find({ queryKey, exact: true })).filter((query) => query?.state.data !== undefined);
  return Promise.all(kept.map((query) => query && storage.persistQuery(query).catch(() => undefined))).then(() => undefined);
}

/** Forgets every kept query (tests; a shop that must drop what phones keep raises `buster`). */
export const forgetPersistedQueries = () => storage.removeQueries();
