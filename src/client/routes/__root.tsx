import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorFallback } from '../components/error-fallback';
import { NotFound } from '../components/not-found';
import { SiteLayout } from '../features/layout/components/site-layout';
import { OfflineBanner } from '../features/pwa/components/offline-banner';
import { UpdatePrompt } from '../features/pwa/components/update-prompt';
import { SearchBox } from '../features/search/components/search-box';
import { markFirstScreenRendered } from '../lib/first-screen';
import { catalogueQuery } from '../lib/queries/catalogue';
import { shopSettingsQuery } from '../lib/queries/settings';
import { loadQueries, type RouterContext } from '../lib/query-client';

const inAdminArea = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page shows the shop's settings (name, footer, chat link); the storefront's pages all lean
  // on the catalogue (search, the cart's stock, and browsing on once the connection drops).
  loader: ({ context, location }) =>
    inAdminArea(location.pathname) ? loadQueries(context, shopSettingsQuery()) : loadQueries(context, shopSettingsQuery(), catalogueQuery()),
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
      {/* Toasts close after 3 s unless a call says otherwise (spec section 9). */}
      <Toaster position="top-center" toastOptions={{ duration: 3000 }} />
      <UpdatePrompt />
    </>
  );
}
