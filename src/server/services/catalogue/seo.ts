import { asc } from 'drizzle-orm';
import { SHOP_CATEGORIES } from '@/shared/constants';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

/** One public page for search engines: its path and, where the shop knows it, when it last changed. */
export interface SitemapPage {
  path: string;
  lastModified?: Date;
}

/** The pages about the shop itself, which change with a deploy rather than with the catalogue. */
const ABOUT_PAGES = ['/our-brand', '/about', '/contact'];

/**
 * Every public page: the home page, the shop and its five categories (changed when their newest
 * product changed), the pages about the shop, and every product (its last change). Account,
 * checkout, order and admin pages are no one's search result. Products by their address (slug), the one
 * their pages give as canonical.
 */
export async function sitemapPages(db: Db): Promise<SitemapPage[]> {
  const rows = await db
    .select({ slug: products.slug, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
  const newest = (of: typeof rows) => of.reduce<Date | undefined>((latest, row) => (latest && latest >= row.updatedAt ? latest : row.updatedAt), undefined);
  return [
    { path: '/', lastModified: newest(rows) },
    { path: '/products', lastModified: newest(rows) },
    ...SHOP_CATEGORIES.map(({ category, slug }) => ({ path: `/${slug}`, lastModified: newest(rows.filter((row) => row.category === category)) })),
    ...ABOUT_PAGES.map((path) => ({ path })),
    ...rows.map((row) => ({ path: `/product/${row.slug}`, lastModified: row.updatedAt })),
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sitemaps.org XML for `pages` under `origin` (the shop's address, no trailing slash). */
export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const urls = pages.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(origin + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be read; the admin area, checkout, accounts, order links and the API not. */
export function robotsTxt(origin: string): string {
  const closed = ['/admin', '/checkout', '/cart', '/orders', '/order/', '/o/', '/signin', '/signup', '/forgot-password', '/reset-password', '/api/', '/pay/'];
  return ['User-agent: *', 'Allow: /', ...closed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
