import { watchEarlyTaps } from './lib/early-tap-watch';

/**
 * The entry, kept tiny. On the home page index.html already shows the first paint (drawn at build
 * time), so the app (React, the router, the stores: app.tsx) starts right after that paint rather
 * than before it: a cheap phone paints first and runs script second. Elsewhere (an empty #root,
 * shell.html) there is nothing to paint first, so it starts at once.
 */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));
const start = async () => {
  // The libraries, the app's state, the route tree and the app in four tasks, with a breath between
  // each (src/client/vendor.ts, startup-state.ts; vite.config.ts `startupChunks`): no one task long
  // enough to hold a tap (the route tree alone was some 60 ms of a 4x-slowed phone's main thread).
  await import('./vendor');
  await breathe();
  await import('./startup-state');
  await breathe();
  await import('./router');
  await breathe();
  await import('./app');
};
const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
// A tap on the drawn page's Menu or Search before the app takes over is kept for it (lib/early-taps.ts).
if (drawn) watchEarlyTaps();
if (!drawn || document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
