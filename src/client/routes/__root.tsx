import { createRootRoute, Outlet } from '@tanstack/react-router';
import { Toaster } from 'react-hot-toast';
import { ErrorFallback } from '../components/error-fallback';
import { NotFound } from '../components/not-found';
import { SiteLayout } from '../features/layout/components/site-layout';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
});

function RootLayout() {
  return (
    <>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
      {/* Toasts close after 3 s unless a call says otherwise (spec section 9). */}
      <Toaster position="top-center" toastOptions={{ duration: 3000 }} />
    </>
  );
}
