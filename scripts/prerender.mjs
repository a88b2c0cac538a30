/**
 * The pages' HTML (ARCHITECTURE section 6; docs/server-rendering.md).
 *
 * - index.html: the home page drawn at build time (src/client/server-render.tsx renderHome, built by
 *   `vite build --ssr` into dist/ssr) with the stylesheets it needs inlined in the head: the service
 *   worker's app shell for `/`, which paints before any script runs. React replaces its markup.
 * - shell.html: the page as Vite built it, with an empty #root: the app shell for every other route.
 *   The service worker precaches both: its precache list is made here, last, once every file in it
 *   is final (workbox-build's injectManifest into the worker vite-plugin-pwa built).
 * - pages/<route>.html: shell.html with that route's chunks linked, the app shell the server sends for
 *   a route it does not render (or when rendering fails).
 * - pages/<route>.rendered.html: the template the server fills with its rendering: the route's
 *   stylesheets inline and no script fetched with the page, as index.html (the page is drawn already;
 *   main.tsx imports the app right after its first paint, so scripts never compete with the page's
 *   images and styles).
 *   Data preloads sit between markers the server removes when it renders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { injectManifest } from 'workbox-build';
import { CLIENT_DIST as CLIENT, homeChunks, readManifest, staticClosure } from './build-manifest.mjs';

const SSR = path.resolve('dist/ssr');
const indexFile = path.join(CLIENT, 'index.html');
const swFile = path.join(CLIENT, 'sw.js');

// React's production server renderer, as the client runs its production build.
process.env.NODE_ENV = 'production';
// Node has no window: code that reads it at render time must guard itself, and the stores' IndexedDB
// is simply absent (they render their empty state, as on a first visit).
const { renderHome } = await import(pathToFileURL(path.join(SSR, 'server-render.js')).href);
const markup = await renderHome();
// React falls back to client rendering (a <template> with the error) when a component throws here.
if (!markup.includes('<h1') || markup.includes('<template')) throw new Error(`prerender: the home page did not render:\n${markup.slice(0, 2000)}`);

/** The home page's stylesheets, and the app's scripts beyond the entry, as the client build named them. */
const manifest = readManifest();
const { entry, startup, home } = homeChunks(manifest);
const startupClosure = new Set();
for (const key of startup) staticClosure(manifest, key, startupClosure);
const css = new Set([...staticClosure(manifest, home, new Set(startupClosure))].flatMap((key) => manifest[key].css ?? []));
const entryChunks = staticClosure(manifest, entry);
const appChunks = [...startupClosure].filter((key) => !entryChunks.has(key));
/**
 * On shell.html the app's code downloads beside the page: nothing paints before it runs. index.html
 * has none: its page is already drawn, and scripts fetched with it would compete with the page and
 * count as render-blocking for Lighthouse; main.tsx imports the app right after the first paint.
 */
const modulePreloads = [
  ...[...new Set(appChunks.flatMap((key) => manifest[key].css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ...appChunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
].join('\n    ');

// The app's first render waits for the catalogue and the shop's settings (src/client/app.tsx): their
// requests start with the page, beside the scripts, instead of after them.
// Between markers: a page the server renders carries its data, and the server drops these.
const DATA_PRELOADS = `<!--data-preloads-->${['/api/getProducts', '/api/settings']
  .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`)
  .join('')}<!--/data-preloads-->`;
const vite = readFileSync(indexFile, 'utf8');
if (!vite.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
const built = vite.replace('</head>', `  ${DATA_PRELOADS}\n    ${modulePreloads}\n  </head>`);
writeFileSync(path.join(CLIENT, 'shell.html'), built);
writeRoutePages(built);

/**
 * The page (Vite's index.html, its entry's stylesheet linked) with that stylesheet and `extraCss`
 * inline in the head instead, so it paints with no stylesheet to fetch.
 */
function withInlineStyles(page, extraCss) {
  const linkedCss = [...page.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\s*/g)];
  const inlinedCss = [...new Set([...linkedCss.map((m) => m[1]), ...extraCss])];
  const styles = inlinedCss.map((file) => readFileSync(path.join(CLIENT, file), 'utf8')).join('\n');
  let html = page;
  for (const [link] of linkedCss) html = html.replace(link, '');
  // A disabled stylesheet link is neither fetched nor applied; it tells Vite's loader (which skips a
  // stylesheet already linked) that these are on the page, so starting the app adds no copy of them
  // and costs no second style pass over the whole page.
  const inlinedMarks = inlinedCss.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('\n    ');
  return { html: html.replace('</head>', `  <style>${styles}</style>\n    ${inlinedMarks}\n  </head>`), styles };
}

// The home page's styles inline: the entry's (linked by Vite), the app's and the home route's.
const { html: drawnTemplate, styles } = withInlineStyles(vite.replace('</head>', `  ${DATA_PRELOADS}\n  </head>`), css);
const html = drawnTemplate.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
if (!html.includes(markup)) throw new Error('prerender: the drawn home page is not in index.html');
writeFileSync(indexFile, html);

/**
 * shell.html once per client route, with that route's own chunks and stylesheets linked in the head
 * (and those of the layout routes around it): on /products the listing's code downloads with the
 * page instead of after the app has started and asked for it, one round trip later. The server
 * serves pages/<route>.html for a path that matches pages/routes.json (src/server/http/route-pages.ts).
 */
function writeRoutePages(shell) {
  const ROUTE_KEY = /^src\/client\/routes\/(.+)\.tsx\?tsr-split=component$/;
  const routes = Object.keys(manifest)
    .map((key) => ROUTE_KEY.exec(key))
    .filter(Boolean)
    .map(([key, file]) => {
      // TanStack Router file names: `admin.products.edit.$id` and `product/$id` are nested paths.
      const segments = file.split(/[./]/);
      const index = segments.at(-1) === 'index';
      return { key, name: file.replaceAll('/', '.'), segments: index ? segments.slice(0, -1) : segments, index };
    });
  const around = (route) =>
    routes.filter((other) => !other.index && other.segments.length <= route.segments.length && other.segments.every((s, i) => s === route.segments[i]));
  const shared = new Set([...entryChunks, ...appChunks]);
  mkdirSync(path.join(CLIENT, 'pages'), { recursive: true });
  const table = routes.map((route) => {
    const chunks = new Set();
    for (const r of new Set([route, ...around(route)])) staticClosure(manifest, r.key, chunks);
    const own = [...chunks].filter((key) => !shared.has(key));
    const links = [
      ...[...new Set(own.flatMap((key) => manifest[key].css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...own.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    ];
    const page = `pages/${route.name}.html`;
    writeFileSync(path.join(CLIENT, page), shell.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
    // The server's template: the app's and the route's styles inline, no script but the entry.
    const rendered = `pages/${route.name}.rendered.html`;
    const routeCss = [...new Set([...startupClosure, ...chunks].flatMap((key) => manifest[key].css ?? []))];
    writeFileSync(path.join(CLIENT, rendered), withInlineStyles(vite, routeCss).html);
    // `orders_.lookup`: the trailing underscore only un-nests the route (drawn outside /orders); its address is /orders/lookup.
    return { segments: route.segments.map((segment) => segment.replace(/_$/, '')), index: route.index, page, rendered };
  });
  writeFileSync(path.join(CLIENT, 'pages/routes.json'), JSON.stringify(table));
}
await writePrecacheList();

/**
 * The service worker's precache list, injected where vite.config.ts left `self.__WB_MANIFEST`: the
 * shell's scripts, styles, index.html, shell.html and the small icons, each with the MD5 of the file
 * as it is now (so index.html's revision is the drawn page's). Route pages, screenshots, large icons
 * and source maps stay out: they are fetched only when needed.
 */
async function writePrecacheList() {
  const { count, size, warnings } = await injectManifest({
    swSrc: swFile,
    swDest: swFile,
    globDirectory: CLIENT,
    globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png', 'icons/apple-touch-icon.png'],
    globIgnores: ['**/*.map', 'screenshots/**', 'pages/**'],
    // Vite's hashed file names are their versions.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      (manifest) => {
        for (const page of ['index.html', 'shell.html'])
          if (!manifest.some((entry) => entry.url === page)) throw new Error(`prerender: ${page} is not in the service worker's precache list`);
        return { manifest, warnings: [] };
      },
    ],
  });
  // A file over Workbox's size limit is left out with a warning: an app shell missing a file is a broken build.
  if (warnings.length > 0) throw new Error(`prerender: the service worker's precache list:\n${warnings.join('\n')}`);
  console.log(`prerender: the service worker precaches ${count} files, ${(size / 1024).toFixed(1)} KB`);
}

console.log(
  `prerender: home page in index.html (${(markup.length / 1024).toFixed(1)} KB of markup, ${(styles.length / 1024).toFixed(1)} KB of styles inline); shell.html for the other routes`,
);
