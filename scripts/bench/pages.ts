/**
 * The `pages` scenario of `npm run bench` (README, Performance: "Server rendering"): how long the
 * server takes to render a public page it has not rendered yet, in-process through the real app
 * (createApp with the built renderer, dist/ssr), on the demo catalogue in an in-memory PGlite.
 *
 *   node --import tsx scripts/bench/pages.ts
 *
 * "Cold" is a page the rendered-page cache does not hold (its first request after a change); the
 * catalogue's own cache is warm, as it is on a running shop. Each round drops the pages (the
 * "catalogue changed" signal), warms the catalogue, then asks for every product page once. Prints
 * the figures and a `RESULT {json}` line; exits 1 when the median cold product page takes 20 ms or more.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp, type PageRenderer } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { silentLogger } from '@/server/logger';
import { catalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import { diskImageStore } from '@/server/services/catalogue/images';
import type { Product } from '@/shared/types';
import { benchDeps } from './app-deps';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER = path.join(ROOT, 'dist/ssr/server-render.js');
const CLIENT = path.join(ROOT, 'dist/client');
const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 5);
/** The bound on a cold product page. */
const COLD_PRODUCT_MS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main() {
  if (!existsSync(RENDERER) || !existsSync(path.join(CLIENT, 'index.html'))) {
    console.log('[pages] no build: building the shop first (about a minute)...');
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
  // React's production server renderer, as `npm start` runs it.
  process.env.NODE_ENV = 'production';
  const pageRenderer = (await import(pathToFileURL(RENDERER).href)) as PageRenderer;
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const { db } = database;
    const { seedDemo } = await import('@/server/shop-basics');
    await seedDemo(db, { images: diskImageStore(uploadsDir), log: silentLogger });
    const app = createApp(benchDeps(db, uploadsDir, { pageRenderer }, { clientDir: CLIENT, publicUrl: 'https://shop.example.com' }));
    const products = ((await (await app.request('/api/getProducts')).json()) as { data: Product[] }).data;
    const timed = async (url: string) => {
      const started = performance.now();
      const res = await app.request(url, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return performance.now() - started;
    };
    // One round unmeasured: the renderer's modules and the JIT warm up, as on a shop that has served a page.
    for (const product of products) await timed(`/product/${product._id}`);

    const cold: number[] = [];
    const coldListing: number[] = [];
    const cached: number[] = [];
    const search: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      catalogueChanged(db);
      await (await app.request('/api/getProducts')).arrayBuffer();
      for (const product of products) cold.push(await timed(`/product/${product._id}`));
      for (const listing of ['/', '/products', '/skin', '/hair', '/natural-oils']) coldListing.push(await timed(listing));
      for (const product of products) cached.push(await timed(`/product/${product._id}`));
      for (const q of ['shea', 'black soap', 'oil']) search.push(await timed(`/search?q=${encodeURIComponent(q)}`));
    }
    const rows = [
      ['product page, cold', cold],
      ['home, shop and category pages, cold', coldListing],
      ['search page (never kept)', search],
      ['product page, kept', cached],
    ] as const;
    console.log(`[pages] ${products.length} products, ${ROUNDS} rounds, through app.request (template, render, Brotli):`);
    for (const [name, values] of rows)
      console.log(`  ${name.padEnd(38)} p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  (${values.length})`);
    const coldP50 = percentile(cold, 50);
    const result = {
      products: products.length,
      rounds: ROUNDS,
      coldProductP50Ms: coldP50,
      coldProductP95Ms: percentile(cold, 95),
      cachedP50Ms: percentile(cached, 50),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
    if (!(coldP50 < COLD_PRODUCT_MS)) {
      console.log(`[pages] a cold product page takes ${ms(coldP50)} at the median: the bound is ${COLD_PRODUCT_MS} ms`);
      process.exitCode = 1;
    } else console.log(`[pages] cold product page p50 ${ms(coldP50)} < ${COLD_PRODUCT_MS} ms: ok`);
  } finally {
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

await main();
