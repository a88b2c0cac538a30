import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { PageContext, type PageContextValue, PageLive } from './lib/page-context';
import type { ShopRouter } from './router';

/** The whole app as React renders it, the same in the browser (app.tsx) and on the server (server-render.tsx). */
export function ShopRoot({ router, queryClient, page }: { router: ShopRouter; queryClient: QueryClient; page: PageContextValue | null }) {
  return (
    <StrictMode>
      <PageContext value={page}>
        <PageLive drawnByServer={page !== null}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </PageLive>
      </PageContext>
    </StrictMode>
  );
}
