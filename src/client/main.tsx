import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './lib/http';
import { routeTree } from './routeTree.gen';
import { sessionExpired } from './stores/account';
import { useCart } from './stores/cart';
import { useSession } from './stores/session';
import './styles/global.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

configureHttp({
  token: () => useSession.getState().session?.token ?? null,
  // Spec section 8: 'Session expired, please sign in', sign out, and go to /signin.
  unauthorized: () => {
    sessionExpired();
    void router.navigate({ to: '/signin' });
  },
});

// A signed-in customer's cart is the server's: the badge must show it from the first screen.
if (useSession.getState().session) void useCart.getState().load();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
