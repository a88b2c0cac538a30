/**
 * Byte budgets from the build output (issue 5 and the performance issue): the JavaScript a phone
 * must fetch to show the home route — the entry, everything it imports statically, and the home
 * route's own chunk with its imports — must stay at or under 150 KB gzip. Prints every file.
 * Reads dist/client/.vite/manifest.json (vite.config.ts sets build.manifest). Exits 1 over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve('dist/client');
const HOME_JS_BUDGET = 150 * 1024;

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.startsWith('src/client/routes/index.tsx'));
if (!entryKey) throw new Error('no entry in the build manifest: run `npm run build` first');

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const keys = closure(entryKey);
if (homeKey) closure(homeKey, keys);
const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));

let total = 0;
const rows = files.map((file) => {
  const bytes = readFileSync(path.join(DIST, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  total += gzip;
  return { file, raw: bytes.length, gzip };
});

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('Home route initial JavaScript (entry, static imports, home route chunk):');
for (const row of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
console.log(`  ${'total'.padEnd(40)} ${''.padStart(14)} ${kb(total).padStart(10)} gzip (budget ${kb(HOME_JS_BUDGET)})`);
if (!homeKey) console.log('  (no home route chunk found: the home route is inside the entry)');
if (total > HOME_JS_BUDGET) {
  console.error(`Over budget by ${kb(total - HOME_JS_BUDGET)}.`);
  process.exit(1);
}
