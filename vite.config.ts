import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
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
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/check-budget.mjs to find the home route's chunks.
    manifest: true,
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on port 3000.
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/pay': apiTarget },
  },
});
