import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './lib/http';
import { queryClient, whenQueriesSettle } from './lib/query-client';
import { dropLegacyCatalogueCopy } from './lib/query-persister';
import { registerServiceWorker } from './lib/service-worker';
import { createShopRouter } from './router';
import { sessionExpired } from './stores/account';
import { useAppUpdate } from './stores/app-update';
import { useCart } from './stores/cart';
import { useCheckout } from './stores/checkout';
import { listenForInstallPrompt } from './stores/install-prompt';
import { useOutbox } from './stores/outbox';
import { useSession } from './stores/session';
import { startOutboxSync } from './stores/sync';
import { whenHydrated } from './stores/use-hydrated';

const router = createShopRouter({ queryClient, dataLoading: 'start' });

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

/** After the first screen, when the phone is idle: the service worker, which keeps the shop working offline. */
function registerWhenIdle() {
  const register = () => void registerServiceWorker((apply) => useAppUpdate.setState({ apply }));
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
}

/**
 * How long the first render waits for the network. A store or query that changes after the first
 * render re-renders its screens at once: a page of product cards, a long task on a cheap phone. So
 * the first render waits for what the first screen shows: the stores kept in IndexedDB, and the
 * queries the route's loaders started (the catalogue and the settings, read from IndexedDB or
 * fetched) unless the network takes longer than this. Meanwhile the page drawn at build time stays.
 */
const FIRST_RENDER_WAIT_MS = 2500;

function firstScreenData(): Promise<unknown> {
  const kept = Promise.all([useSession, useCart, useCheckout, useOutbox].map(whenHydrated));
  return Promise.all([kept, router.load().then(() => whenQueriesSettle(queryClient, FIRST_RENDER_WAIT_MS))]);
}

// index.html already shows the home page (rendered at build time): React replaces it once the
// current route's code and data are here, so its first render is the whole page and nothing flashes
// or moves. As a transition the render yields to the browser every few milliseconds instead of
// holding the main thread (taps stay answered on a slow phone); the page drawn at build time stays.
const root = document.getElementById('root');
if (root) {
  void firstScreenData()
    .catch(() => undefined)
    .then(() => {
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </StrictMode>,
        ),
      );
      registerWhenIdle();
      void dropLegacyCatalogueCopy();
    });
}
