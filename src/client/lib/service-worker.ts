/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) in production builds, with workbox-window
 * loaded only then (it is not part of the first screen's JavaScript). A new version waits: `onUpdate`
 * gets the function that activates it and reloads once it has taken over, for the shopper to call.
 */
export async function registerServiceWorker(onUpdate: (apply: () => void) => void): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () =>
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
  await wb.register();
  // An app left open for days (installed on the home screen) still hears of new versions.
  setInterval(() => void wb.update(), 60 * 60 * 1000);
}
