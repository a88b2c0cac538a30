import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ProductPageAnswer } from '@/shared/catalogue';
import { withDemoBanner } from '@/shared/demo-banner';
import { PAGE_STATE_ID, type PageData, type RenderedPage } from '@/shared/page-render';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { errorForLog } from '../db/errors';
import { AppError } from '../errors';
import { onCatalogueChanged } from '../services/catalogue/catalogue-signal';
import { type HintData, imageHintsFor } from '../services/catalogue/image-hints';
import { type CachedPage, createPageCache, encodePage, type PageReads } from '../services/catalogue/page-cache';
import { cachedProduct, cachedProductPage, pageSort } from '../services/catalogue/products';
import { isDemoShop, publicSettings } from '../services/shop/shop';
import { acceptsEncoding } from './compression';
import type { AppEnv, RouteDeps } from './env';
import { siteOrigin } from './forwarded';
import { routePages } from './route-pages';
import { IMMUTABLE, resolveInside, sendFile } from './static-files';

/**
 * Pages that are someone's own (an order link too) or need the phone's state: the app draws them in
 * the browser. The sign-in, sign-up and order look-up forms are the same for everyone until typed
 * in, so the server draws them (their fields wait for the app: TextField, usePageLive); so is the
 * cart's frame (its heading, and rows waiting while the phone reads its cart back: useHydrated).
 */
const CLIENT_ONLY = /^\/(checkout|orders(?!\/lookup\/?$)|order|o|login|forgot-password|reset-password|admin)(\/|$)/;
/** A search page is one of endless queries: rendered for each request, never kept. */
const UNCACHED = /^\/search\/?$/;
/** What shared links carry to tell the sender where a click came from; the page is the same without them. */
const TRACKING = /^(utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igshid|ttclid|twclid|mc_cid|mc_eid|_ga)$/i;
/** A product page's address: /product/{slug}, or its id or an old slug (each answered with a 301 to the slug). */
const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;

/**
 * The page's address as it is rendered and kept: the path with its parameters in a fixed order,
 * tracking parameters left out (a product shared on WhatsApp and Facebook is one page, not one per click).
 */
export function pageUrl(urlPath: string, search: URLSearchParams): string {
  const kept = [...search].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${urlPath}?${new URLSearchParams(kept)}` : urlPath;
}

/** The route's HTML page with the server's rendering in it. Function replacers: the markup may hold `$&`. */
export function fillTemplate(template: string, page: RenderedPage): string {
  let html = template.replace(/\s*<!--data-preloads-->[\s\S]*?<!--\/data-preloads-->/, () => '');
  if (page.head) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, () => '').replace(/<meta name="description"[^>]*>\s*/, () => '');
  html = html.replace('</head>', () => `  ${page.head}\n  </head>`);
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.markup}</div>\n    <script type="application/json" id="${PAGE_STATE_ID}">${page.state}</script>`,
  );
}

/** The copy the client takes: Brotli, gzip or plain. */
function sendPage(c: Context, page: CachedPage): Response {
  const accepted = c.req.header('accept-encoding');
  const [body, encoding] = acceptsEncoding(accepted, 'br') ? [page.br, 'br'] : acceptsEncoding(accepted, 'gzip') ? [page.gzip, 'gzip'] : [page.html, undefined];
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    // Checked each time: the page changes with the catalogue, and its scripts with each deploy.
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  });
  if (encoding) headers.set('Content-Encoding', encoding);
  if (page.link) headers.set('Link', page.link);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: page.status, headers });
}

/** The built pages' HTML, read once each (a missing file: undefined). */
function templateReader(root: string) {
  const templates = new Map<string, Promise<string | undefined>>();
  return (page: string) => {
    let text = templates.get(page);
    if (!text) {
      text = readFile(path.join(root, page), 'utf8').catch(() => undefined);
      templates.set(page, text);
    }
    return text;
  };
}

/** Where rendered pages read the shop: the catalogue cache, as the API answers it. */
function pageSources(deps: RouteDeps) {
  const { config, catalogue } = deps;
  const decoder = new TextDecoder();
  /**
   * The page's data; `reads` (when given) records what the render read, so a stock change keeps the
   * pages it cannot show in (services/catalogue/page-cache.ts).
   */
  const pageData = (reads?: PageReads): PageData => ({
    productPage: async (query) => {
      const answer = JSON.parse(decoder.decode((await cachedProductPage(deps.db, catalogue, query, config.productSearch)).body)) as ProductPageAnswer;
      if (reads) {
        for (const product of answer.data) reads.ids.add(product._id);
        if (pageSort(query) === 'popularity') reads.all = true;
      }
      return answer;
    },
    product: async (id) => {
      const product = await cachedProduct(deps.db, catalogue, id);
      reads?.ids.add(product._id);
      return product;
    },
    settings: () => publicSettings(deps),
  });

  /** A product that does not exist: for the app shell's page, which cannot tell by rendering. */
  const productMissing = async (urlPath: string): Promise<boolean> => {
    const id = PRODUCT_PAGE.exec(urlPath)?.[1];
    if (id === undefined) return false;
    try {
      await cachedProduct(deps.db, catalogue, decodeURIComponent(id));
      return false;
    } catch (error) {
      return error instanceof AppError && error.status === 404;
    }
  };
  /**
   * Where a product page asked by its id, an address it had before a rename, or in capitals lives now:
   * /product/{slug}; undefined for the page's own address and for anything that is no product.
   */
  const productMoved = async (urlPath: string): Promise<string | undefined> => {
    const asked = PRODUCT_PAGE.exec(urlPath)?.[1];
    if (asked === undefined) return undefined;
    try {
      const { slug } = await cachedProduct(deps.db, catalogue, decodeURIComponent(asked));
      return slug === asked ? undefined : `/product/${slug}`;
    } catch {
      // No such product, a malformed address, the database away: the page says so as it would.
      return undefined;
    }
  };
  return { pageData, productMissing, productMoved };
}

/**
 * Whether the pages carry the demo banner (shared/demo-banner.ts); unknown (the database away): no
 * banner. Read once, not on every page: going live changes the whole catalogue, and that signal
 * (heard by every process) makes the next page read it again.
 */
function demoShopReader(deps: RouteDeps) {
  let demoRead: Promise<boolean> | undefined;
  onCatalogueChanged(deps.db, (change) => {
    if (change.kind === 'all') demoRead = undefined;
  });
  return () =>
    (demoRead ??= isDemoShop(deps.db).catch(() => {
      demoRead = undefined;
      return false;
    }));
}

/**
 * The built PWA (ARCHITECTURE section 6; README, "Server rendering"): its files, and its pages.
 * Public pages (home, shop, categories, products, search, the brand, about and contact pages, and
 * unknown addresses as a 404) are rendered here with their data when a renderer is present; the rest,
 * and every page when rendering fails, go out as the app shell, which the browser draws.
 */
export function pageRoutes(deps: RouteDeps, clientDir: string) {
  const { config, log, pageRenderer } = deps;
  const root = path.resolve(clientDir);
  const pageFor = routePages(root);
  const pages = createPageCache(config.pageCacheLimits);
  // The one signal drops the pages a change can show in (a stock change: only those that read its products).
  onCatalogueChanged(deps.db, (change) => pages.invalidate(change));

  const template = templateReader(root);
  const { pageData, productMissing, productMoved } = pageSources(deps);
  const untracked: HintData = pageData();

  /** The page's image hints; a page without them is still the page (the database may be briefly away). */
  const hintsFor = (c: Context, data: HintData = untracked) =>
    c.req.path === '/' ? Promise.resolve(undefined) : imageHintsFor(c.req.path, c.req.query('sort'), data).catch(() => undefined);
  const demoShop = demoShopReader(deps);

  async function renderedPage(c: Context, url: string, origin: string, demo: boolean): Promise<CachedPage | undefined> {
    if (!pageRenderer) return undefined;
    const routePage = pageFor(c.req.path);
    const shell = await template(routePage?.rendered ?? routePage?.page ?? 'shell.html');
    if (!shell) return undefined;
    const render = async () => {
      const reads: PageReads = { ids: new Set(), all: false };
      const data = pageData(reads);
      const [page, link] = await Promise.all([pageRenderer.renderPage(url, { data, origin, seed: randomInt(2 ** 32) }), hintsFor(c, data)]);
      const html = fillTemplate(shell, page);
      return { ...encodePage(page.status, demo ? withDemoBanner(html) : html, link), reads };
    };
    try {
      // The demo state is in the key: after go-live the pages render again, without the banner.
      return UNCACHED.test(c.req.path) ? await render() : await pages.get(`${origin} ${demo ? 'demo ' : ''}${url}`, render);
    } catch (error) {
      // The shell still works (the browser fetches and draws): a failed render costs speed, not the page.
      log.warn('page render failed', { reqId: c.var.requestId, path: c.req.path, error: errorForLog(error) });
      return undefined;
    }
  }

  return new Hono<AppEnv>().on(['GET', 'HEAD'], '*', async (c) => {
    const file = resolveInside(root, c.req.path);
    if (file && c.req.path !== '/') {
      const cache = c.req.path.startsWith('/assets/') ? IMMUTABLE : c.req.path === '/sw.js' ? 'no-cache' : 'public, max-age=3600';
      const response = await sendFile(c, file, cache);
      if (response) return response;
    }
    // A client route: the app handles it. A missing file with an extension is a real 404.
    if (path.extname(c.req.path) !== '') return c.json({ message: SERVER_MESSAGES.notFound }, 404);
    const moved = await productMoved(c.req.path);
    // Permanent: shared links and search engines move to the product's address, its parameters kept.
    if (moved) return c.redirect(`${moved}${new URL(c.req.url).search}`, 301);
    const demo = await demoShop();
    if (!CLIENT_ONLY.test(c.req.path)) {
      const url = pageUrl(c.req.path, new URL(c.req.url).searchParams);
      const page = await renderedPage(c, url, siteOrigin(c, config), demo);
      if (page) return sendPage(c, page);
    }
    // The app shell: the home page drawn at build time (index.html); other routes the empty shell with
    // their own code linked (pages/), or shell.html (an older build without either: index.html).
    const candidates = c.req.path === '/' ? ['index.html'] : [pageFor(c.req.path)?.page, 'shell.html', 'index.html'];
    for (const candidate of candidates) {
      let response = candidate ? await sendFile(c, path.join(root, candidate), 'no-cache') : undefined;
      if (!response) continue;
      const text = demo && candidate ? await template(candidate) : undefined;
      if (text !== undefined) {
        // The demo banner in the shell (the admin's pages too); the file as it is otherwise.
        response = new Response(c.req.method === 'HEAD' ? null : withDemoBanner(text), {
          status: response.status,
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
        });
      }
      const hints = await hintsFor(c);
      if (hints) response.headers.set('Link', hints);
      if (await productMissing(c.req.path)) return new Response(response.body, { status: 404, headers: response.headers });
      return response;
    }
    return c.json({ message: SERVER_MESSAGES.notFound }, 404);
  });
}
