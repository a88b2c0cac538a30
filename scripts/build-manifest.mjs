/**
 * Reading Vite's build manifest (dist/client/.vite/manifest.json, vite.config.ts sets build.manifest):
 * which chunks the home page needs. Shared by scripts/prerender.mjs, scripts/check-budget.mjs and
 * scripts/lighthouse/startup.mjs (bench:lighthouse's start-up script, from each build's own manifest).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const CLIENT_DIST = path.resolve('dist/client');

/** `clientDist`: a build's dist/client (this checkout's by default). */
export function readManifest(clientDist = CLIENT_DIST) {
  return JSON.parse(readFileSync(path.join(clientDist, '.vite/manifest.json'), 'utf8'));
}

/**
 * What every page runs first: the entry (src/client/main.tsx) and the start-up stages it imports by
 * dynamic import right after the first paint (src/client/vendor.ts, startup-state.ts, router.ts and
 * app.tsx, a chunk each: vite.config.ts).
 */
export function startupChunks(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the build manifest: run `npm run build` first');
  const startup = manifest[entry].dynamicImports ?? [];
  if (startup.length === 0) throw new Error('the entry imports no app');
  return { entry, startup };
}

/**
 * The chunks the home page runs: the entry (src/client/main.tsx), the start-up stages it imports right
 * after the first paint (src/client/vendor.ts and src/client/app.tsx, a chunk each: vite.config.ts),
 * and the home route's own chunk.
 */
export function homeChunks(manifest) {
  const { entry, startup } = startupChunks(manifest);
  const home = Object.keys(manifest).find((key) => key.startsWith('src/client/routes/index.tsx'));
  if (!home) throw new Error('no home route chunk (src/client/routes/index.tsx) in the build manifest');
  return { entry, startup, home };
}

/**
 * The chunks a route's page runs: the entry, the start-up stages and the route file's own split
 * chunks (its component, and its loader where it has one). `routeFile` is relative to
 * src/client/routes (`index.tsx`, `product/$id.tsx`).
 */
export function pageChunks(manifest, routeFile) {
  const { entry, startup } = startupChunks(manifest);
  const own = Object.keys(manifest).filter((key) => key === `src/client/routes/${routeFile}` || key.startsWith(`src/client/routes/${routeFile}?`));
  if (own.length === 0) throw new Error(`no chunk of src/client/routes/${routeFile} in the build manifest`);
  return [entry, ...startup, ...own];
}

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
export function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}
