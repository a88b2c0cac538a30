/**
 * The script figures of a Lighthouse run. The shop loads code on purpose after the page is usable (the
 * idle-time prefetches: the HTTP library, toasts, the catalogue copy and its worker, web-vitals, the
 * lazy parts of the header and footer, the query persister…), and Lighthouse sees those requests too;
 * so the figure with the target is the page's **start-up script**: the transfer size of the Script
 * requests whose address is one of the page's start-up files, as `npm run check:budget` counts them
 * (scripts/check-budget.mjs, scripts/build-manifest.mjs): the entry, the start-up stages it imports,
 * the route file's own chunks, and everything they import statically, read from the measured build's
 * own manifest (<build>/dist/client/.vite/manifest.json: a baseline's worktree has its own). Beside
 * it, **all script**: every Script request of the load, for information.
 */
import { join } from 'node:path';
import { pageChunks, readManifest, startupChunks, staticClosure } from '../build-manifest.mjs';

/**
 * A page's start-up files in the build at `buildRoot`: `route` is its file under src/client/routes
 * (`index.tsx`, `product/$id.tsx`). Without one, or when that build has no chunk of it, the entry and
 * the start-up stages only, with the reason in `fallback`. `paths`: their addresses (`/assets/….js`).
 */
export function startupScripts(buildRoot, route) {
  const manifest = readManifest(join(buildRoot, 'dist/client'));
  const routeKey = `src/client/routes/${route}`;
  const hasRoute = route && Object.keys(manifest).some((key) => key === routeKey || key.startsWith(`${routeKey}?`));
  const roots = hasRoute ? pageChunks(manifest, route) : Object.values(startupChunks(manifest)).flat();
  const keys = new Set();
  for (const key of roots) staticClosure(manifest, key, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const fallback = hasRoute ? undefined : route ? `no chunk of ${routeKey} in the build's manifest` : 'no route file for this page';
  return { route: hasRoute ? route : null, paths: new Set(files.map((file) => `/${file}`)), ...(fallback && { fallback }) };
}

const kib = (requests) => Math.round(requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10;

/** The request's path when it is the page's own origin's, else undefined. */
function ownPath(url, origin) {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Script bytes as fetched (compressed, headers included), KiB: `scriptKiB` the start-up files' (what a
 * phone downloads before the page can run), `allScriptKiB` every Script request's. `startup`: the
 * page's startupScripts(); `notFetched`: start-up files the run did not fetch.
 */
export function scriptFigures(lhr, startup) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const atStartup = scripts.filter((r) => startup.paths.has(ownPath(r.url, origin)));
  const fetched = new Set(atStartup.map((r) => ownPath(r.url, origin)));
  return {
    scriptKiB: kib(atStartup),
    allScriptKiB: kib(scripts),
    startupScripts: {
      route: startup.route,
      files: startup.paths.size,
      notFetched: [...startup.paths].filter((path) => !fetched.has(path)),
      ...(startup.fallback && { fallback: startup.fallback }),
    },
  };
}
