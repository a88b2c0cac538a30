/**
 * First paint without JavaScript (ARCHITECTURE section 6): renders the home page at build time
 * (src/client/prerender.tsx, built by `vite build --ssr` into dist/prerender) into
 * dist/client/index.html's #root, links the home route's stylesheets so it is styled before any
 * script runs, and updates index.html's revision in the service worker's precache list (Workbox
 * took it from the file before this step). React replaces the markup with `createRoot`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CLIENT = path.resolve('dist/client');
const PRERENDER = path.resolve('dist/prerender');
const indexFile = path.join(CLIENT, 'index.html');
const swFile = path.join(CLIENT, 'sw.js');

// React's production server renderer, as the client runs its production build.
process.env.NODE_ENV = 'production';
// Node has no window: code that reads it at render time must guard itself, and the stores' IndexedDB
// is simply absent (they render their empty state, as on a first visit).
const { renderHome } = await import(pathToFileURL(path.join(PRERENDER, 'prerender.js')).href);
const markup = await renderHome();
// React falls back to client rendering (a <template> with the error) when a component throws here.
if (!markup.includes('<h1') || markup.includes('<template')) throw new Error(`prerender: the home page did not render:\n${markup.slice(0, 2000)}`);

/** The home route's stylesheets, and those of the chunks it imports, as the client build named them. */
const manifest = JSON.parse(readFileSync(path.join(CLIENT, '.vite/manifest.json'), 'utf8'));
const homeKey = Object.keys(manifest).find((key) => key.startsWith('src/client/routes/index.tsx'));
const css = new Set();
const visit = (key, seen = new Set()) => {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const file of manifest[key]?.css ?? []) css.add(file);
  for (const imported of manifest[key]?.imports ?? []) visit(imported, seen);
};
visit(homeKey);

let html = readFileSync(indexFile, 'utf8');
const linked = new Set([...html.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]));
const links = [...css]
  .filter((file) => !linked.has(file))
  .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
  .join('\n    ');
if (!html.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
html = html.replace('</head>', `  ${links}\n  </head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
writeFileSync(indexFile, html);

// Workbox revisions are MD5 hashes of the file: the precached index.html must be this one.
const revision = createHash('md5').update(html).digest('hex');
const sw = readFileSync(swFile, 'utf8');
const entry = /\{"revision":"[0-9a-f]{32}","url":"index\.html"\}/;
if (!entry.test(sw)) throw new Error('prerender: index.html is not in the service worker precache list');
writeFileSync(swFile, sw.replace(entry, `{"revision":"${revision}","url":"index.html"}`));

rmSync(PRERENDER, { recursive: true, force: true });
console.log(`prerender: home page in index.html (${(markup.length / 1024).toFixed(1)} KB of markup, ${css.size} stylesheets linked)`);
