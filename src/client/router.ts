import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { DataLoading, RouterContext } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/**
 * The app's router, as the browser (app.tsx), the server's rendering of pages (server-render.tsx)
 * and the tests build it: the route tree, the query cache in every loader's context,
 * and a link's hover or touch start running its route's loaders (`intent`; the query cache decides
 * whether anything is fetched, so the router keeps no preloads of its own).
 */
export function createShopRouter({
  queryClient,
  dataLoading,
  history,
  scrollRestoration = true,
  serverQuery,
}: {
  queryClient: QueryClient;
  dataLoading: DataLoading;
  /** The server's in-process answers (server-render.tsx). */
  serverQuery?: RouterContext['serverQuery'];
  history?: RouterHistory;
  /** Off for HTML rendered ahead of time: the router would write an inline script into it, which the CSP refuses. */
  scrollRestoration?: boolean;
}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, dataLoading, serverQuery },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration,
  });
}

export type ShopRouter = ReturnType<typeof createShopRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ShopRouter;
  }
}
