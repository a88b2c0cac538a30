import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { SHOP_NAME } from '@/shared/constants';
import { type PageData, type PageRenderOptions, type PageState, type RenderedPage, scriptSafeJson } from '@/shared/page-render';
import type { ProductPageQuery } from '@/shared/schemas/products';
import { resolveHead } from './lib/head';
import { headHtml } from './lib/head-tags';
import { ApiFailure } from './lib/http';
import type { ServerPage } from './lib/page-context';
import { shopSettingsQuery } from './lib/queries/settings';
import { CATALOGUE_KEY, createShopQueryClient } from './lib/query-client';
import { serverLoadsReady } from './lib/server-loads';
import { createShopRouter } from './router';
import { ShopRoot } from './shop-root';

/*
 * The storefront rendered on the server (ARCHITECTURE section 6; README, "Server rendering"), built by
 * `vite build --ssr` into dist/ssr and called by the server (src/server/http/pages.ts). The same
 * route tree and loaders as the browser; the loaders' queries are answered by the app's services
 * in-process (PageData), and the query cache goes into the page for the browser to start from.
 */

/**
 * The build-time drawing of the home page (scripts/prerender.mjs puts it into dist/client/index.html,
 * the service worker's app shell): the shell, the hero and the sections' skeletons, exactly as
 * React's first render draws them, so the page paints before any JavaScript runs. No product data:
 * the catalogue is not loaded at build time, and the browser replaces this markup (`createRoot`).
 */
export async function renderHome(): Promise<string> {
  const queryClient = createShopQueryClient();
  const router = createShopRouter({ queryClient, dataLoading: 'none', history: createMemoryHistory({ initialEntries: ['/'] }), scrollRestoration: false });
  await router.load();
  // Code the browser loads only after the first paint (lib/server-loads.ts) is drawn here too.
  await serverLoadsReady();
  return renderToString(<ShopRoot router={router} queryClient={queryClient} page={null} />);
}

/**
 * A query of the storefront, answered in-process: a page of the catalogue (a listing's first page,
 * a home section, similar products: lib/queries/catalogue.ts), one product, the settings.
 */
async function answer(data: PageData, key: readonly unknown[]): Promise<unknown> {
  try {
    if (key[0] === CATALOGUE_KEY && (key[1] === 'pages' || key[1] === 'page')) return await data.productPage(key[2] as ProductPageQuery);
    if (key[0] === CATALOGUE_KEY && key[1] === 'product' && typeof key[2] === 'string') return await data.product(key[2]);
    if (key[0] === 'settings') return await data.settings();
  } catch (error) {
    // The page shows a failure as the browser would show the API's (a 404 product: 'not found').
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    throw new ApiFailure(error instanceof Error ? error.message : 'Failed', status);
  }
  throw new ApiFailure(`Not rendered on the server: ${JSON.stringify(key)}`, 500);
}

/** One public page, with its data, for `url` (a path with its query string). */
export async function renderPage(url: string, { data, origin, seed }: PageRenderOptions): Promise<RenderedPage> {
  const queryClient = createShopQueryClient();
  const router = createShopRouter({
    queryClient,
    dataLoading: 'await',
    history: createMemoryHistory({ initialEntries: [url] }),
    // The router would write an inline script for it, which the CSP refuses.
    scrollRestoration: false,
    serverQuery: (key) => answer(data, key),
  });
  await router.load();
  await serverLoadsReady();
  // A not-found page sets 404 as it renders (useHttpStatus).
  const server: ServerPage = { path: router.state.location.pathname, status: 200 };
  const markup = renderToString(<ShopRoot router={router} queryClient={queryClient} page={{ origin, seed, server }} />);
  const shopName = queryClient.getQueryData(shopSettingsQuery().queryKey)?.shopName || SHOP_NAME;
  const head = server.head ? headHtml(resolveHead(server.head, shopName, origin, server.path)) : '';
  const queries = dehydrate(queryClient, {
    // A failed answer goes too (a product that does not exist), so the browser draws what the server drew.
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  for (const query of queries.queries) {
    const error = query.state.error;
    // An Error's message is not an own enumerable property: JSON would drop it.
    if (error instanceof ApiFailure) query.state.error = { message: error.message, status: error.status } as unknown as ApiFailure;
  }
  const state: PageState = { queries, seed, origin };
  return { status: server.status, markup, head, state: scriptSafeJson(state) };
}
