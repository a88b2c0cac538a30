import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './lib/http';
import { registerServiceWorker } from './lib/service-worker';
import { routeTree } from './routeTree.gen';
import { sessionExpired } from './stores/account';
import { useAppUpdate } from './stores/app-update';
import { listenForInstallPrompt } from './stores/install-prompt';
import { useSession } from './stores/session';
import { startOutboxSync } from './stores/sync';

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

// Early, or the browser's install offer (beforeinstallprompt) may fire before anyone listens.
listenForInstallPrompt();

// What the last visit left in the outbox goes first; then a signed-in customer's cart is read from
// the server, so the badge shows it from the first screen.
void startOutboxSync();

// After the first screen: the service worker, which keeps the shop working offline.
const register = () => void registerServiceWorker((apply) => useAppUpdate.setState({ apply }));
if (document.readyState === 'complete') register();
else window.addEventListener('load', register, { once: true });

// index.html already shows the home page (rendered at build time): React replaces it once the
// current route's code is loaded, so its first render is the whole page and nothing flashes or moves.
// As a transition the render yields to the browser every few milliseconds instead of holding the
// main thread (taps stay answered on a slow phone); the page drawn at build time stays meanwhile.
const root = document.getElementById('root');
if (root) {
  void router.load().finally(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    ),
  );
}
