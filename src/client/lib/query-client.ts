import { type EnsureInfiniteQueryDataOptions, type EnsureQueryDataOptions, MutationCache, QueryClient } from '@tanstack/react-query';
import type { ApiFailure } from './http';

/**
 * The one cache of server data (ARCHITECTURE section 6; README, "Data flow"). Routes declare what
 * they show in loaders, components read it with `useQuery`, and mutations invalidate or update the
 * queries they change. Client state (session, guest cart, checkout, outbox) stays in zustand.
 *
 * - No retries by the cache: the one ky client already retries a GET once, and a failure should
 *   show its 'Try again' at once, as before.
 * - Refetch on focus and on reconnect: what the phone cannot see (another shopper's order, a hold
 *   that ran out) arrives when the shopper comes back.
 */
export function createShopQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true, refetchOnReconnect: true },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      // Not awaited: the mutation is done when the server answered, not when the catalogue has refetched.
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.changes === 'catalogue') void catalogueChanged(client);
      },
    }),
  });
  return client;
}

/** The first part of every catalogue query's key (lib/queries/catalogue.ts). */
export const CATALOGUE_KEY = 'catalogue';

/**
 * Stock moves with other shoppers' orders and with holds running out, which this phone cannot see:
 * catalogue answers (and the phone's copy) count as fresh for a short while only, then a page, a
 * focus or a reconnect asks again (what is shown stays meanwhile).
 */
export const STOCK_STALE_MS = 30_000;

/** The first parts of the keys of answers every shopper shares; every other query is someone's own. */
const PUBLIC_KEYS: readonly unknown[] = [CATALOGUE_KEY, 'settings'];

/**
 * Someone signed in or out: what the last person's token read (their orders, the admin's lists)
 * leaves the cache, so nobody sees another's answers, even for a moment.
 */
export function forgetPrivateQueries(client: QueryClient = queryClient): void {
  client.removeQueries({ predicate: (query) => !PUBLIC_KEYS.includes(query.queryKey[0]) });
}

const changeListeners = new Set<() => void>();

/** The phone's copy of the catalogue (lib/catalogue-copy.ts, loaded later) hears the signal here. */
export function onCatalogueChangedHere(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * The one client-side "catalogue changed" signal (ARCHITECTURE section 8b): the phone's own change
 * of products or stock (an order placed, sent from the outbox or cancelled; an admin's edit)
 * refetches every catalogue query on screen, marks the rest stale and syncs the phone's copy. Raised
 * by every mutation that declares `meta: { changes: 'catalogue' }` (above) and by the outbox when a
 * queued order is sent.
 */
export function catalogueChanged(client: QueryClient = queryClient): Promise<void> {
  for (const listener of changeListeners) listener();
  return client.invalidateQueries({ queryKey: [CATALOGUE_KEY] });
}

declare module '@tanstack/react-query' {
  interface Register {
    // Every query function throws an ApiFailure (lib/http.ts apiCall): its message is the shopper's.
    defaultError: ApiFailure;
    // A mutation that changes products or stock says so; the mutation cache then raises catalogueChanged.
    mutationMeta: { changes?: 'catalogue' };
  }
}

/** The app's cache (app.tsx provides it to React; stores and the outbox reach it here). */
export const queryClient = createShopQueryClient();

/**
 * How route loaders treat their queries: `start` (the browser: fetching begins with the navigation
 * or a link's hover, and the page shows its own skeleton, error and 'Try again' meanwhile), `await`
 * (the loader resolves once the data is in), `none` (the build-time drawing of the home page, which
 * has no server to ask).
 */
export type DataLoading = 'start' | 'await' | 'none';

/** What every route's loader and beforeLoad receive (routes/__root.tsx). */
export interface RouterContext {
  queryClient: QueryClient;
  dataLoading: DataLoading;
  /**
   * On the server only: answers a query by its key from the app's services, in-process
   * (server-render.tsx), instead of the query's own HTTP call.
   */
  serverQuery?: (queryKey: readonly unknown[]) => Promise<unknown>;
}

/**
 * What a loader needs of a query: a `queryOptions(...)` or `infiniteQueryOptions(...)` result of any
 * data and key (its typed function parameters make the precise types incompatible with each other).
 */
type LoadableQuery = EnsureQueryDataOptions<any, any, any, any> | EnsureInfiniteQueryDataOptions<any, any, any, any, any>;

/**
 * A route's loader: makes sure the cache holds these queries (`ensureQueryData`, or for a paged
 * listing `ensureInfiniteQueryData` of its first page: cached data is used as it is, missing data is fetched). A failure is not the route's: the page shows it where
 * the data would be, with 'Try again'.
 */
export async function loadQueries({ queryClient: client, dataLoading, serverQuery }: RouterContext, ...queries: LoadableQuery[]): Promise<void> {
  if (dataLoading === 'none') return;
  // On the server: the same queries, answered in-process and kept nowhere but this page's cache.
  const asked = serverQuery ? queries.map((query) => ({ ...query, queryFn: () => serverQuery(query.queryKey), persister: undefined })) : queries;
  const loading = Promise.all(
    asked.map((query) => ('getNextPageParam' in query ? client.ensureInfiniteQueryData(query) : client.ensureQueryData(query)).catch(() => undefined)),
  );
  if (dataLoading === 'await') await loading;
}

/** Resolves once no query is fetching, or after `atMostMs`, whichever comes first. */
export function whenQueriesSettle(client: QueryClient, atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
    if (client.isFetching() === 0) done();
  });
}
