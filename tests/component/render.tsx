import { QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../../src/client/lib/query-client';

/**
 * Renders a component inside a real TanStack router (memory history) and the app's query cache
 * (emptied between tests by fixtures.ts resetStores), so <Link>, navigation and queries work. Other paths render a marker with the path, so tests can see where a click went.
 */
export async function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui}</> });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      const location = useRouterState({ select: (s) => s.location });
      return <p data-testid="navigated">{location.href}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = renderRouter(router);
  await router.load();
  return { ...result, router };
}

/** A test's own router rendered as the app renders its own: inside the app's query cache. */
export function renderRouter(router: AnyRouter) {
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
