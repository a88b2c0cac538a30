import type { QueryClient } from '@tanstack/react-query';
import { loadHttp } from './lib/http';
import { shopSettingsQuery } from './lib/queries/settings';
import type { RouteSource } from './lib/real-speed';
import { importCatalogueCopy } from './lib/use-phone-copy';
import { useAppUpdate } from './stores/app-update';

/**
 * What the app starts once the page has settled (app.tsx, lib/when-idle.ts whenSettled: a few seconds
 * after the first screen, when the phone is idle), in one chunk the start-up code imports once: the
 * outbox's sending, the service worker, the phone's copy of the catalogue (lib/catalogue-copy.ts:
 * synced by changes; a first visit downloads it in a worker), which keep the shop working offline; the
 * HTTP library; the measuring of real shoppers' speed; and, on a page the server drew, the settings
 * kept for offline use (the phone has no copy yet on a first visit).
 */
export function startSettledWork({ router, queryClient, serverDrawn }: { router: RouteSource; queryClient: QueryClient; serverDrawn: boolean }) {
  // What the last visit left in the outbox goes first; then a signed-in customer's cart is read from
  // the server (its own chunk, with the checkout's store): the phone's kept cart shows meanwhile.
  void import('./stores/sync').then(({ startOutboxSync }) => startOutboxSync());
  void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker((apply) => useAppUpdate.setState({ apply })));
  void importCatalogueCopy().then((copy) => copy.startCatalogueSync());
  // ky, so the first tap that calls the server does not wait for it (lib/http.ts).
  void loadHttp();
  // Real shoppers' speed (lib/real-speed.ts, with web-vitals): its own chunk.
  void import('./lib/real-speed').then((speed) => speed.measureRealSpeed(router, queryClient.ensureQueryData(shopSettingsQuery())));
  if (serverDrawn) void import('./lib/query-persister').then(({ keepForOffline }) => keepForOffline(queryClient, [shopSettingsQuery().queryKey]));
}
