import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createShopQueryClient } from './lib/query-client';
import { createShopRouter } from './router';

/**
 * The build-time rendering of the home page (ARCHITECTURE section 6; scripts/prerender.mjs puts it
 * into dist/client/index.html): the shell, the hero with its first slide (an inline SVG image, the
 * page's largest paint) and the sections' skeletons, exactly as React's first render draws them, so
 * the page paints before any JavaScript runs and nothing moves when React takes over. No product
 * data: the catalogue is not loaded at build time.
 */
export async function renderHome(): Promise<string> {
  const queryClient = createShopQueryClient();
  // No server to ask at build time: the loaders fetch nothing and the sections draw their skeletons.
  const router = createShopRouter({ queryClient, dataLoading: 'none', history: createMemoryHistory({ initialEntries: ['/'] }), scrollRestoration: false });
  await router.load();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
