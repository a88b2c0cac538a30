import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './manifest/manifest';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** `@/client/...`, `@/server/...`, `@/shared/...`: tsconfig.json's `paths`, for Vite and Vitest. */
export const sourceAliases = Object.fromEntries(
  ['client', 'server', 'shared'].map((area) => [`@/${area}`, fileURLToPath(new URL(`./src/${area}`, import.meta.url))]),
);

/**
 * The code the app starts with, in one chunk per start-up stage: src/client/vendor.ts (React and the
 * router), src/client/startup-state.ts (the stores, the HTTP client, the query cache), router.ts (the
 * route tree and the layout), then what is left of src/client/app.tsx with the small modules the
 * home route shares with the listings. Left to
 * itself the bundler cuts that into some 25 small chunks shared in different ways by the routes: over
 * HTTP/1.1's six connections a phone on 150 ms round trips then waits for several rounds of requests
 * before the first screen can run. What the entry (main.tsx) imports itself stays out, or the entry
 * would have to load a stage at once.
 */
/**
 * Library modules a start-up stage's imports reach but only later screens use: left to the chunks of
 * the screens that use them (the listings' paging, the looked-up orders' several queries at once),
 * not put into a start-up stage.
 */
const LATER_LIBRARY_MODULES = /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver)\.js$/;

function startupChunks(stages: [name: string, ...files: string[]][]): Rolldown.CodeSplittingGroup[] {
  let stageOf: Map<string, string> | undefined;
  const stageOfModule = (id: string, chunking: Rolldown.ChunkingContext) => {
    if (!stageOf) {
      const closure = (from: string, into = new Set<string>()) => {
        if (into.has(from)) return into;
        into.add(from);
        for (const imported of chunking.getModuleInfo(from)?.importedIds ?? []) closure(imported, into);
        return into;
      };
      const claimed = closure(path.resolve('src/client/main.tsx'));
      stageOf = new Map();
      for (const [name, ...files] of stages) {
        for (const file of files)
          for (const moduleId of closure(path.resolve(file))) if (!claimed.has(moduleId) && !LATER_LIBRARY_MODULES.test(moduleId)) stageOf.set(moduleId, name);
        for (const file of files) closure(path.resolve(file), claimed);
      }
    }
    return stageOf.get(id);
  };
  // One group per stage, the earlier first: a group also takes in what its modules import.
  return stages.map(([name], i) => ({
    name: (id, chunking) => (stageOfModule(id, chunking) === name ? name : null),
    priority: stages.length - i,
  }));
}

/** The entry, and the chunks it loads before the app runs (main.tsx; `startupChunks` below). */
const STARTUP_ENTRY = /(^|\/)index-[\w-]+\.js$/;
const STARTUP_CHUNK = /(^|\/)(vendor|state|router|app|rolldown-runtime|vite-runtime)-[\w-]+\.js$/;

/** An admin screen's chunk (its route file's name: routes/admin.*.tsx). */
const ADMIN_CHUNK = /(^|\/)admin[.-][\w.$-]*\.js$/;

/** Routes whose loader loads with the page (see splitBehavior below). */
const ORDER_ROUTES = new Set(['/orders', '/order/$id', '/o/$code']);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: sourceAliases },
  plugins: [
    // Generates src/client/routeTree.gen.ts and splits every route into its own chunk (an admin route's loader too).
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // An admin page's loader (its API calls and texts) loads with the page, not in the storefront's
        // start-up code (the home budget, scripts/check-budget.mjs): the shopper never opens them.
        // The orders pages' loaders likewise: they read the checkout's store, which the first screen does not start with.
        // One chunk per such page (its loader and its screens load together anyway): one import each in the
        // route table, which is start-up code.
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/admin/') || ORDER_ROUTES.has(routeId) ? [['loader', 'component', 'errorComponent', 'notFoundComponent']] : undefined,
      },
    }),
    react(),
    vanillaExtractPlugin(),
    // Our own service worker (sw/sw.ts) with Workbox modules; the app registers it with workbox-window.
    // The service worker belongs to the client build only (not to the server renderer).
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        // The app registers the worker itself (src/client/lib/service-worker.ts), never by an inline script (CSP).
        injectRegister: false,
        // Only the small icons are precached (globPatterns below); the rest load when the browser asks.
        includeManifestIcons: false,
        manifest: webAppManifest,
        injectManifest: {
          // Vite 8 would emit an ES module ending in `export`, which a classic worker cannot run.
          rollupFormat: 'iife',
          // The plugin only builds the worker and leaves `self.__WB_MANIFEST` in it: its precache list
          // holds index.html and shell.html, which are final only once scripts/prerender.mjs has drawn
          // them, so that step makes the list (with workbox-build) after them.
          injectionPoint: undefined,
        },
        devOptions: { enabled: false },
      }),
  ],
  build: {
    // The server renderer (src/client/server-render.tsx) stays beside the client: the server loads it.
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    // Source maps for our own debugging, never for the public: 'hidden' leaves out the
    // sourceMappingURL comments, and scripts/move-sourcemaps.mjs moves the maps (the service worker's
    // too) from dist/client to dist/sourcemaps, which the server does not serve.
    sourcemap: isSsrBuild ? false : 'hidden',
    copyPublicDir: !isSsrBuild,
    // Read by scripts/check-budget.mjs and scripts/prerender.mjs to find the home route's chunks.
    manifest: !isSsrBuild,
    modulePreload: {
      // Every browser the shop serves preloads modules itself (Chrome 66, Safari 17, Firefox 115): no
      // polyfill in the entry's start-up code.
      polyfill: false,
      // A lazy chunk's list of what to preload leaves out the start-up chunks: every lazy import runs
      // after they are loaded. Each list is in the start-up code (the route table's alone was some
      // 2 KB of the home budget, scripts/check-budget.mjs), so only what can still be missing is named.
      // An admin screen's list names only its styles: the owner's tablet fetches the screen's own
      // imports as it reads them (one round trip more, the first time only: the service worker keeps
      // them), and every shopper's start-up code is spared the lists (some 45 chunk names).
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === 'html' || STARTUP_ENTRY.test(hostId)) return deps;
        if (ADMIN_CHUNK.test(file)) return deps.filter((dep) => dep.endsWith('.css'));
        return deps.filter((dep) => !STARTUP_CHUNK.test(dep));
      },
    },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // Vite's preload helper, which the entry and every lazy import share: left alone it lands
                // in the app's chunk, and the entry would have to load the whole app before running.
                { name: 'vite-runtime', test: /^\0vite\//, priority: 10 },
                ...startupChunks([
                  ['vendor', 'src/client/vendor.ts'],
                  ['state', 'src/client/startup-state.ts'],
                  ['router', 'src/client/router.ts'],
                  // With the app: the small modules the home route and the listings share, which would
                  // otherwise be three chunks of their own (each a request and its import glue).
                  [
                    'app',
                    'src/client/app.tsx',
                    'src/client/features/catalogue/components/product-grid.tsx',
                    'src/client/features/catalogue/lib/random.ts',
                    'src/client/components/skeleton.tsx',
                    'src/client/lib/use-product-page.ts',
                  ],
                ]),
              ],
            },
          },
        },
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on port 3000.
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/pay': apiTarget },
  },
}));
