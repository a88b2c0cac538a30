/**
 * First paint without JavaScript (ARCHITECTURE section 6): renders the home page at build time
 * (src/client/prerender.tsx, built by `vite build --ssr` into dist/prerender) into
 * dist/client/index.html's #root, with the stylesheets it needs inlined in the head (no request
 * stands between the HTML and the first paint). React replaces the markup with `createRoot`.
 *
 * Every other client route gets shell.html: the page as Vite built it, with an empty #root, so a
 * shopper opening /products never sees the home hero first. The service worker precaches both
 * (their entries in its precache list are written here: Workbox listed the files before this step).
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
const appKey = 'src/client/app.tsx';
if (!manifest[appKey]) throw new Error('prerender: no app chunk (src/client/app.tsx) in the build manifest');
const css = new Set();
const scripts = new Set();
const visit = (key, seen = new Set()) => {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const file of manifest[key]?.css ?? []) css.add(file);
  if (key !== 'index.html') scripts.add(manifest[key].file);
  for (const imported of manifest[key]?.imports ?? []) visit(imported, seen);
};
const seen = new Set(['index.html']);
visit(appKey, seen);
visit(homeKey, seen);
const entryFiles = new Set([manifest['index.html']?.file]);
/** The app's code downloads beside the page (it runs after the first paint: src/client/main.tsx). */
const modulePreloads = [...scripts]
  .filter((file) => !entryFiles.has(file))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('\n    ');

// Every shop page starts with the catalogue (stores/catalogue.ts): its request starts with the page,
// beside the scripts, instead of after them.
const CATALOGUE_PRELOAD = '<link rel="preload" href="/api/getProducts" as="fetch" crossorigin="anonymous">';
const vite = readFileSync(indexFile, 'utf8');
if (!vite.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
const built = vite.replace('</head>', `  ${CATALOGUE_PRELOAD}\n    ${modulePreloads}\n  </head>`);
writeFileSync(path.join(CLIENT, 'shell.html'), built);

// The home page's styles inline: the entry's (linked by Vite), the app's and the home route's.
const linkedCss = [...built.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\s*/g)];
const styles = [...new Set([...linkedCss.map((m) => m[1]), ...css])].map((file) => readFileSync(path.join(CLIENT, file), 'utf8')).join('\n');
let html = built;
for (const [link] of linkedCss) html = html.replace(link, '');
html = html.replace('</head>', `  <style>${styles}</style>\n  </head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
writeFileSync(indexFile, html);

// Workbox revisions are MD5 hashes of the file: the precached index.html must be this one, and
// shell.html joins the list.
const md5 = (text) => createHash('md5').update(text).digest('hex');
const sw = readFileSync(swFile, 'utf8');
const entry = /\{"revision":"[0-9a-f]{32}","url":"index\.html"\}/;
if (!entry.test(sw)) throw new Error('prerender: index.html is not in the service worker precache list');
writeFileSync(swFile, sw.replace(entry, `{"revision":"${md5(html)}","url":"index.html"},{"revision":"${md5(built)}","url":"shell.html"}`));

rmSync(PRERENDER, { recursive: true, force: true });
console.log(
  `prerender: home page in index.html (${(markup.length / 1024).toFixed(1)} KB of markup, ${(styles.length / 1024).toFixed(1)} KB of styles inline); shell.html for the other routes`,
);
