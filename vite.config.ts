import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './manifest/manifest';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

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
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on port 3000.
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/pay': apiTarget },
  },
}));
