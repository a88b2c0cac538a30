/**
 * The entry, kept tiny. On the home page index.html already shows the first paint (drawn at build
 * time), so the app (React, the router, the stores: app.tsx) starts right after that paint rather
 * than before it: a cheap phone paints first and runs script second. Elsewhere (an empty #root,
 * shell.html) there is nothing to paint first, so it starts at once.
 */
const start = async () => {
  // The libraries and the app in two tasks, with a breath between (src/client/vendor.ts).
  await import('./vendor');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./app');
};
const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
if (!drawn || document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
