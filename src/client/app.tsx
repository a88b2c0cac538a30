import './styles/global.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_STATE_ID, type PageState } from '@/shared/page-render';
import { markAppLive } from './lib/early-taps';
import { configureHttp } from './lib/http';
import { queryClient, whenQueriesSettle } from './lib/query-client';
import { whenSettled } from './lib/when-idle';
import { createShopRouter } from './router';
import { ShopRoot } from './shop-root';
import { useCart } from './stores/cart';
import { listenForInstallPrompt } from './stores/install-prompt';
import { useOutbox } from './stores/outbox';
import { useSession } from './stores/session';
import { whenHydrated } from './stores/use-hydrated';

const root = document.getElementById('root');

/**
 * A page the server rendered carries the state it rendered with (server-render.tsx): the query cache
 * and the seed of its random picks. The service worker's app shell (index.html drawn at build time,
 * shell.html) carries none.
 */
function serverPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent || !root?.hasChildNodes()) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

const serverPage = serverPageState();
if (serverPage) hydrate(queryClient, serverPage.queries as DehydratedState);

// On a server-rendered page the first load fetches nothing: the cache holds what the page shows
// (a failed answer too, a product that does not exist), and a fetch started now would change it
// under the hydration. Stale answers refetch once the page is live.
const router = createShopRouter({ queryClient, dataLoading: serverPage ? 'none' : 'start' });

configureHttp({
  token: () => useSession.getState().session?.token ?? null,
  // Spec section 8: 'Session expired, please sign in', sign out, and go to /signin.
  unauthorized: () => {
    // Signed out first, or the sign-in page would see the old session.
    void import('./stores/account').then(({ sessionExpired }) => {
      sessionExpired();
      void router.navigate({ to: '/signin' });
    });
  },
});

// Early, or the browser's install offer (beforeinstallprompt) may fire before anyone listens.
listenForInstallPrompt();

/**
 * Once the page has settled (lib/when-idle.ts whenSettled: a few seconds after the first screen), when
 * the phone is idle: what keeps the shop working offline and ready for later (settled-work.ts).
 */
function startWhenSettled(serverDrawn: boolean) {
  whenSettled(() => void import('./settled-work').then((work) => work.startSettledWork({ router, queryClient, serverDrawn })));
}

/**
 * How long the first render waits for the network. A store or query that changes after the first
 * render re-renders its screens at once: a page of product cards, a long task on a cheap phone. So
 * the first render waits for what the first screen shows: the stores kept in IndexedDB, and the
 * queries the route's loaders started (the page's products, the settings read from IndexedDB or
 * fetched) unless the network takes longer than this. Meanwhile the page drawn at build time stays.
 */
const FIRST_RENDER_WAIT_MS = 2500;

function firstScreenData(): Promise<unknown> {
  const kept = Promise.all([useSession, useCart, useOutbox].map(whenHydrated));
  return Promise.all([kept, router.load().then(() => whenQueriesSettle(queryClient, FIRST_RENDER_WAIT_MS))]);
}

if (root && serverPage) {
  // Server HTML: React takes over the page as it is (hydrateRoot) once the route's code is here, with
  // the server's data and seed, so its first render matches the HTML and nothing moves. What only the
  // phone knows (the cart, who is signed in) renders right after, in the places kept for it.
  void router
    .load()
    .catch(() => undefined)
    .then(() => {
      router.update({ ...router.options, context: { ...router.options.context, dataLoading: 'start' } });
      // Tells the router its page came from a server: it then draws the tree the server drew (no
      // Suspense wrapper at the root), as TanStack's own hydration does.
      router.ssr = { manifest: undefined };
      // As a transition the hydration yields to the browser every few milliseconds (as the app
      // shell's first render does) instead of one long task: taps stay answered on a slow phone.
      // From here React hears taps itself; the ones before were kept for Menu and Search (lib/early-taps.ts).
      markAppLive();
      startTransition(() => {
        hydrateRoot(root, <ShopRoot router={router} queryClient={queryClient} page={{ origin: serverPage.origin, seed: serverPage.seed }} />);
      });
      startWhenSettled(true);
    });
} else if (root) {
  // The app shell: index.html shows the home page drawn at build time, shell.html nothing. React
  // replaces it once the current route's code and data are here, so its first render is the whole
  // page and nothing flashes or moves. As a transition the render yields to the browser every few
  // milliseconds instead of holding the main thread (taps stay answered on a slow phone).
  void firstScreenData()
    .catch(() => undefined)
    .then(() => {
      markAppLive();
      startTransition(() => createRoot(root).render(<ShopRoot router={router} queryClient={queryClient} page={null} />));
      startWhenSettled(false);
    });
}
