import { QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRootRoute,
  type AnyRoute,
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ShopToasts } from '@/client/components/shop-toasts';
import { PageLive } from '@/client/lib/page-context';
import { queryClient } from '@/client/lib/query-client';

/**
 * A test's routes in a real TanStack router (memory history opened at `url`, search params included
 * as after a reload) and the app's query cache (emptied between tests by fixtures.ts resetStores).
 * The root renders the page, then `layout` (what the app's root layout keeps mounted across pages),
 * then the app's toaster; any other path renders a marker with the address, so tests can see where a
 * click went. Returns once the router has loaded and React has settled (act).
 */
export async function renderRoutes(routes: (root: AnyRootRoute) => AnyRoute[], options: { url?: string; layout?: ReactNode } = {}) {
  const router = routerOf(routes, options);
  const result = renderRouter(router);
  await act(() => router.load());
  return { ...result, router };
}

/**
 * `ui` as the page at `path` (see renderRoutes). Returns as soon as the router has loaded, outside
 * act: a page that moves on by itself (the checkout leaving for the order it confirmed) is still
 * there for the test to see first.
 */
export async function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = routerOf((root) => [createRoute({ getParentRoute: () => root, path, component: () => <>{ui}</> })], { url: path });
  const result = renderRouter(router);
  await router.load();
  return { ...result, router };
}

function routerOf(routes: (root: AnyRootRoute) => AnyRoute[], { url = '/', layout }: { url?: string; layout?: ReactNode }) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        {layout}
        {/* The app's toaster (its View cart link), on react-hot-toast. */}
        <ShopToasts />
      </>
    ),
  });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      return <p data-testid="navigated">{useRouterState({ select: (s) => s.location.href })}</p>;
    },
  });
  return createRouter({
    routeTree: rootRoute.addChildren([...routes(rootRoute), elsewhere]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
}

/** A router rendered as the app renders its own: inside the app's query cache, images waiting for the first paint. */
export function renderRouter(router: AnyRouter) {
  return render(
    <PageLive drawnByServer={false}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PageLive>,
  );
}
