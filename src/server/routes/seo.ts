import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { robotsTxt, sitemapPages, sitemapXml } from '../services/sitemap';

/** Read by crawlers a few times a day: an hour's caching is plenty, and a change is seen soon after. */
const CACHE = 'public, max-age=3600';

/**
 * /robots.txt and /sitemap.xml for search engines, with absolute addresses under the shop's
 * public address (PUBLIC_URL; set it, or the sitemap names http://localhost).
 */
export function seoRoutes(deps: AppDeps) {
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => c.body(robotsTxt(origin), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE }))
    .get('/sitemap.xml', async (c) =>
      c.body(sitemapXml(origin, await sitemapPages(deps.db)), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE }),
    );
}
