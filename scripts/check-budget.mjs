/**
 * Byte budgets from the build output, printed file by file:
 * - the JavaScript a phone must fetch to show a page (the entry, the start-up stages, the route's own
 *   chunks, and everything they import statically), for the home page, a product page and the
 *   listing, each against its budget, with the room left printed (issue 44: room for sizes, sale
 *   prices and reviews);
 * - what the service worker precaches on the first visit (its precache list in dist/client/sw.js):
 *   at most 400 KB gzip, the bytes a phone downloads to work offline.
 * Reads dist/client/.vite/manifest.json (vite.config.ts sets build.manifest). Exits 1 over a budget.
 * - the home page's HTML preloads none of the start-up chunks (the entry loads them after the first paint).
 * Also exits 1 when source maps would reach the public: a .map file in dist/client (the build moves
 * them to dist/sourcemaps), a sourceMappingURL comment in a script or style, or a map precached.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIST as DIST, pageChunks, readManifest, staticClosure } from './build-manifest.mjs';

/** Each page's initial JavaScript, gzip: the route file (under src/client/routes) and its budget. */
const PAGE_BUDGETS = [
  { page: 'Home', route: 'index.tsx', budget: 150 * 1024 },
  { page: 'Product page', route: 'product/$id.tsx', budget: 150 * 1024 },
  { page: 'Listing (/products)', route: 'products.tsx', budget: 150 * 1024 },
];
const PRECACHE_BUDGET = 400 * 1024;

const manifest = readManifest();
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const overBudget = [];

for (const { page, route, budget } of PAGE_BUDGETS) {
  const keys = new Set();
  for (const key of pageChunks(manifest, route)) staticClosure(manifest, key, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  let total = 0;
  const rows = files.map((file) => {
    const bytes = readFileSync(path.join(DIST, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return { file, raw: bytes.length, gzip };
  });
  console.log(`${page} initial JavaScript (entry, start-up stages, src/client/routes/${route}, static imports):`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
  const room = budget - total;
  console.log(
    `  ${'total'.padEnd(40)} ${''.padStart(14)} ${kb(total).padStart(10)} gzip (budget ${kb(budget)}, ${room >= 0 ? `${kb(room)} of room` : `${kb(-room)} over`})`,
  );
  if (room < 0) overBudget.push(`${page} JavaScript is over budget by ${kb(-room)}.`);
}

// Before the first paint the drawn home page fetches its entry alone (main.tsx starts the app after
// the paint): a start-up chunk the entry imported statically would be preloaded with the page and
// share the phone's bandwidth with it (a shared module once pulled the route tree's chunk in, and
// Lighthouse's first paint went from 1.25 s to 2.1 s).
// The server-rendered pages' templates (pages/*.rendered.html) likewise.
const drawnPages = [
  'index.html',
  ...readdirSync(path.join(DIST, 'pages'))
    .filter((name) => name.endsWith('.rendered.html'))
    .map((name) => `pages/${name}`),
];
const preloadsOf = (file) => [...readFileSync(path.join(DIST, file), 'utf8').matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
console.log(`Home page HTML preloads before its first paint: ${preloadsOf('index.html').join(', ') || 'nothing'}`);
for (const file of drawnPages) {
  const early = preloadsOf(file).filter((href) => /\/(vendor|state|router|app)-[\w-]+\.js$/.test(href));
  if (early.length > 0) overBudget.push(`${file} preloads start-up chunks before the first paint: ${early.join(', ')} (the entry imports them statically).`);
}

// The precache list Workbox injected into the worker: {"revision":…,"url":…} entries.
const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)].map((m) => m[1]);
if (precached.length === 0) throw new Error('no precache list found in dist/client/sw.js');
let precacheRaw = 0;
let precacheGzip = 0;
for (const url of precached) {
  const bytes = readFileSync(path.join(DIST, url));
  precacheRaw += bytes.length;
  precacheGzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(
  `Precache (what the first visit downloads to work offline): ${precached.length} files, ${kb(precacheRaw)} raw, ${kb(precacheGzip)} gzip (budget ${kb(PRECACHE_BUDGET)})`,
);

// Source maps stay out of the public folder (scripts/move-sourcemaps.mjs) and out of the scripts.
const published = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (name.endsWith('.map')) published.push(path.relative(DIST, full));
    else if (/\.(m?js|css)$/.test(name) && /[#@] sourceMappingURL=/.test(readFileSync(full, 'utf8')))
      published.push(`${path.relative(DIST, full)} (sourceMappingURL)`);
  }
};
walk(DIST);
published.push(...precached.filter((url) => url.endsWith('.map')).map((url) => `${url} (precached)`));
console.log(`Source maps in dist/client: ${published.length === 0 ? 'none' : published.length}`);

let over = false;
if (published.length > 0) {
  console.error(`Source maps would be served to the public:\n  ${published.slice(0, 10).join('\n  ')}`);
  over = true;
}
for (const message of overBudget) {
  console.error(message);
  over = true;
}
if (precacheGzip > PRECACHE_BUDGET) {
  console.error(`The precache is over budget by ${kb(precacheGzip - PRECACHE_BUDGET)}.`);
  over = true;
}
if (over) process.exit(1);
