import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorFallback } from '../components/error-fallback';
import { NotFound } from '../components/not-found';
import { UpdatePrompt } from '../components/update-prompt';
import { SiteLayout } from '../features/layout/components/site-layout';
import { SearchBox } from '../features/search/components/search-box';
import { markFirstScreenRendered } from '../lib/first-screen';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
});

function RootLayout() {
  useEffect(markFirstScreenRendered, []);
  // The admin area has its own shell (routes/admin.tsx); every other page has the shop's.
  const admin = useRouterState({ select: (s) => s.location.pathname === '/admin' || s.location.pathname.startsWith('/admin/') });
  return (
    <>
      {admin ? (
        <Outlet />
      ) : (
        <SiteLayout search={<SearchBox />}>
          <Outlet />
        </SiteLayout>
      )}
      {/* Toasts close after 3 s unless a call says otherwise (spec section 9). */}
      <Toaster position="top-center" toastOptions={{ duration: 3000 }} />
      <UpdatePrompt />
    </>
  );
}
