import './styles/global.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './lib/http';
import { registerServiceWorker } from './lib/service-worker';
import { routeTree } from './routeTree.gen';
import { sessionExpired } from './stores/account';
import { useAppUpdate } from './stores/app-update';
import { useCart } from './stores/cart';
import { useCatalogueStore } from './stores/catalogue';
import { useCheckout } from './stores/checkout';
import { listenForInstallPrompt } from './stores/install-prompt';
import { useOutbox } from './stores/outbox';
import { useSession } from './stores/session';
import { loadShopSettings } from './stores/settings';
import { startOutboxSync } from './stores/sync';
import { whenHydrated } from './stores/use-hydrated';

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

/** After the first screen, when the phone is idle: the service worker, which keeps the shop working offline. */
function registerWhenIdle() {
  const register = () => void registerServiceWorker((apply) => useAppUpdate.setState({ apply }));
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
}

/**
 * How long the first render waits for the network. A store that changes after the first render
 * re-renders its screens synchronously (useSyncExternalStore cannot yield): a page of product cards
 * at once, a long task on a cheap phone. So the first render waits for what the first screen shows:
 * the stores kept in IndexedDB, and the catalogue and the shop's settings (both requested with the
 * page) unless the network takes longer than this. Meanwhile the page drawn at build time stays.
 */
const FIRST_RENDER_WAIT_MS = 2500;

function firstScreenData(): Promise<unknown> {
  const kept = Promise.all([useSession, useCart, useCheckout, useOutbox, useCatalogueStore].map(whenHydrated));
  const fetched = Promise.all([useCatalogueStore.getState().load(), loadShopSettings()]);
  return Promise.all([kept, Promise.race([fetched, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])]);
}

// index.html already shows the home page (rendered at build time): React replaces it once the
// current route's code and data are here, so its first render is the whole page and nothing flashes
// or moves. As a transition the render yields to the browser every few milliseconds instead of
// holding the main thread (taps stay answered on a slow phone); the page drawn at build time stays.
const root = document.getElementById('root');
if (root) {
  void Promise.allSettled([router.load(), firstScreenData()]).then(() => {
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    );
    registerWhenIdle();
  });
}
