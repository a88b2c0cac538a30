import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorFallback } from '../components/error-fallback';
import { NotFound } from '../components/not-found';
import { ShopToaster } from '../components/toaster';
import { SiteLayout } from '../features/layout/components/site-layout';
import { OfflineBanner } from '../features/pwa/components/offline-banner';
import { UpdatePrompt } from '../features/pwa/components/update-prompt';
import { SearchBox } from '../features/search/components/search-box';
import { markFirstScreenRendered } from '../lib/first-screen';
import { shopSettingsQuery } from '../lib/queries/settings';
import { loadQueries, type RouterContext } from '../lib/query-client';

const inAdminArea = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page shows the shop's settings (name, footer, chat link). The catalogue is each page's own
  // (a page of it at a time); the phone's complete copy syncs apart, after the first screen (app.tsx).
  loader: ({ context }) => loadQueries(context, shopSettingsQuery()),
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
});

function RootLayout() {
  useEffect(markFirstScreenRendered, []);
  // The admin area has its own shell (routes/admin.tsx); every other page has the shop's.
  const admin = useRouterState({ select: (s) => inAdminArea(s.location.pathname) });
  return (
    <>
      {admin ? (
        <Outlet />
      ) : (
        <SiteLayout search={<SearchBox />} offlineBanner={<OfflineBanner catalogueAge />}>
          <Outlet />
        </SiteLayout>
      )}
      <ShopToaster />
      <UpdatePrompt />
    </>
  );
}
