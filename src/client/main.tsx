import { watchEarlyTaps } from './lib/early-tap-watch';

/**
 * The entry, kept tiny. On the home page index.html already shows the first paint (drawn at build
 * time), and a page the server drew arrives drawn, so the app (React, the router, the stores: app.tsx)
 * starts right after that paint, and its main picture's, rather than before them: a cheap phone paints
 * first and runs script second. Elsewhere (an empty #root,
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
/** The longest the app waits for the drawn page's main picture. */
const PICTURE_WAIT_MS = 1500;

/**
 * The drawn page's main picture (the one it asks for first: `fetchpriority="high"`, a product's photo,
 * the listing's first card) loaded, or PICTURE_WAIT_MS, whichever is first. On a slow phone the app's
 * first tasks (React's evaluation, the take-over) would otherwise hold the picture's paint back until
 * they end: the page's largest paint waited up to a second for script it does not need.
 */
function mainPictureLoaded(): Promise<unknown> {
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  return new Promise((resolve) => {
    if (!picture || picture.complete) resolve(0);
    // Its own handlers: React listens with addEventListener and never touches these.
    else picture.onload = picture.onerror = resolve;
    setTimeout(resolve, PICTURE_WAIT_MS);
  });
}

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
// A tap on the drawn page's Menu or Search before the app takes over is kept for it (lib/early-taps.ts).
if (drawn) watchEarlyTaps();
if (!drawn || document.visibilityState === 'hidden') void start();
else void mainPictureLoaded().then(() => requestAnimationFrame(() => setTimeout(start, 0)));
