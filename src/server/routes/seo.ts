import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../http/env';
import { siteOrigin } from '../http/forwarded';
import { robotsTxt, sitemapPages, sitemapXml } from '../services/catalogue/seo';

/** Read by crawlers a few times a day: an hour's caching is plenty, and a change is seen soon after. */
const CACHE = 'public, max-age=3600';

/**
 * /robots.txt and /sitemap.xml for search engines, with absolute addresses under the shop's
 * address (PUBLIC_URL, else the address the request came to: http/forwarded.ts siteOrigin).
 */
export function seoRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => c.body(robotsTxt(siteOrigin(c, deps.config)), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE }))
    .get('/sitemap.xml', async (c) =>
      c.body(sitemapXml(siteOrigin(c, deps.config), await sitemapPages(deps.db)), 200, {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': CACHE,
      }),
    );
}
