import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './manifest/manifest';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Everything src/client/app.tsx imports statically (React, the router, the stores, the layout) in one
 * chunk. Left to itself the bundler cuts that into some 25 small chunks shared in different ways by
 * the routes: over HTTP/1.1's six connections a phone on 150 ms round trips then waits for several
 * rounds of requests before the first screen can run.
 */
function appChunk(): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name(id, chunking) {
      if (!members) {
        const closure = (from: string, into = new Set<string>()) => {
          if (into.has(from)) return into;
          into.add(from);
          for (const imported of chunking.getModuleInfo(from)?.importedIds ?? []) closure(imported, into);
          return into;
        };
        // Not what the entry (main.tsx) imports itself, or the entry would have to load the app at once.
        const entry = closure(path.resolve('src/client/main.tsx'));
        members = new Set([...closure(path.resolve('src/client/app.tsx'))].filter((moduleId) => !entry.has(moduleId)));
      }
      return members.has(id) ? 'app' : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Generates src/client/routeTree.gen.ts and splits every route into its own chunk.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    vanillaExtractPlugin(),
    // Our own service worker (sw/sw.ts) with Workbox modules; the app registers it with workbox-window.
    // The service worker belongs to the client build only (not to the build-time rendering).
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
          // The shell: scripts, styles, index.html and the small icons. Screenshots, large icons and
          // source maps stay out (they are fetched only when needed).
          globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png', 'icons/apple-touch-icon.png'],
          globIgnores: ['**/*.map', 'screenshots/**'],
        },
        devOptions: { enabled: false },
      }),
  ],
  build: {
    outDir: isSsrBuild ? 'dist/prerender' : 'dist/client',
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Read by scripts/check-budget.mjs and scripts/prerender.mjs to find the home route's chunks.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'vite-runtime', test: /^\0vite\//, priority: 1 }, appChunk()] } } },
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on port 3000.
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/pay': apiTarget },
  },
}));
