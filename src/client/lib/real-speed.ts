/**
 * Real shoppers' speed (issue 44, docs/performance.md): loaded by app.tsx with import() once the
 * phone is idle after the first screen, with web-vitals in this chunk, so the first screen's
 * JavaScript carries none of it. It imports nothing else at run time (types only; the router and the
 * settings come from app.tsx): a lazy chunk with no dependencies costs the app's chunk no preload list.
 * The server checks the route id against the shop's own list (src/shared/vitals.ts VITALS_ROUTES).
 *
 * A page view is one load of the page: the route the tab opened on, until the shopper leaves it
 * (an in-app navigation) or the page is hidden, whichever comes first. Then one beacon goes with
 * that route's id (never the URL), the metrics measured so far and what the browser says of its
 * connection; later routes of the same tab are not measured (web-vitals measures loads, not
 * in-app navigations). No beacon offline, none on admin pages, none for a view not sampled.
 */
import { type MetricType, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { VitalsBeacon } from '@/shared/schemas/vitals';
import type { ShopSettings } from '@/shared/types';
import type { VitalsMetric, VitalsRoute } from '@/shared/vitals';

/** What this module reads of the app's router (no import of it: lib does not know the route tree). */
export interface RouteSource {
  state: { matches: { routeId: string }[]; location: { pathname: string } };
  subscribe(event: 'onResolved', listener: () => void): () => void;
}

declare global {
  /** Chromium's Network Information and Device Memory: absent where the browser does not tell them. */
  interface Navigator {
    readonly connection?: { readonly effectiveType?: string };
    readonly deviceMemory?: number;
  }
}

/** A storefront page: not the admin area, not the root's "not found". */
const isVitalsRoute = (id: string | undefined): id is VitalsRoute => (id ?? '').startsWith('/') && !(id ?? '').startsWith('/admin');

/** Whether the page still shows what it loaded: a shopper who moved before this ran is not measured. */
function stillOnLoadedPage(pathname: string): boolean {
  const [navigation] = performance.getEntriesByType('navigation');
  if (!navigation) return true;
  try {
    return new URL(navigation.name).pathname === pathname;
  } catch {
    return false;
  }
}

/** Whether this page view is in the owner's sample (Settings: the share of page views measured; 100 while unknown). */
async function sampled(settings: Promise<ShopSettings>): Promise<boolean> {
  const percent = (await settings.catch(() => undefined))?.vitalsSamplePercent ?? 100;
  return Math.random() * 100 < percent;
}

/** Measures this page view and sends its one beacon when it ends. `settings`: the shop's public settings (the query's). */
export async function measureRealSpeed(router: RouteSource, settings: Promise<ShopSettings>): Promise<void> {
  const route = router.state.matches.at(-1)?.routeId;
  const { pathname } = router.state.location;
  if (!isVitalsRoute(route) || !stillOnLoadedPage(pathname) || !(await sampled(settings))) return;

  const metrics: Partial<Record<VitalsMetric, number>> = {};
  const keep = (metric: MetricType) => {
    if (metric.name !== 'FCP') metrics[metric.name] = metric.value;
  };
  // reportAllChanges: each metric's value so far is at hand whenever the view ends, not only when
  // the page is hidden (an in-app navigation ends it too).
  onLCP(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onTTFB(keep);

  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    stopListening();
    // Offline the beacon would be lost or queued with no promise: this visit is simply not counted.
    if (!navigator.onLine || Object.keys(metrics).length === 0) return;
    const connection = navigator.connection?.effectiveType;
    const beacon: VitalsBeacon = {
      route,
      metrics,
      ...(connection ? { connection: connection.slice(0, 16) } : {}),
      ...(typeof navigator.deviceMemory === 'number' ? { deviceMemory: navigator.deviceMemory } : {}),
    };
    // A string goes as text/plain: no CORS preflight, and the server reads it as JSON.
    navigator.sendBeacon('/api/vitals', JSON.stringify(beacon));
  };
  // After web-vitals' own listeners (theirs capture, this bubbles), so its last values are in.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') send();
  };
  addEventListener('visibilitychange', onHidden);
  addEventListener('pagehide', send);
  const stopRouter = router.subscribe('onResolved', () => {
    if (router.state.location.pathname !== pathname) send();
  });
  function stopListening() {
    removeEventListener('visibilitychange', onHidden);
    removeEventListener('pagehide', send);
    stopRouter();
  }
}
