/**
 * Code the browser loads after the first paint (a deferred part of the page, the hero's pictures) that
 * the server's rendering must draw at once. On the server (the `vite build --ssr` bundle, the API
 * tests) it is imported as soon as its module is read, and server-render.tsx waits for all of it
 * before it renders; in the browser's bundle this is nothing, and the code stays a chunk of its own.
 */
const loads: Promise<unknown>[] = [];

export function loadForServerRender(load: () => Promise<unknown>): void {
  if (import.meta.env.SSR) loads.push(load());
}

/**
 * Resolves once everything asked for so far has loaded. Called after the router has loaded the page's
 * route modules (which ask for theirs as they are read), just before the rendering.
 */
export function serverLoadsReady(): Promise<unknown> {
  return Promise.all(loads);
}
