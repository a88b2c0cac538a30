import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi({ publicUrl: 'https://shop.example.com/' });

/** The sitemap's entries as { address: lastmod or null }. */
async function sitemap(): Promise<Record<string, string | null>> {
  const res = await api.request('GET', '/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/xml');
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  return Object.fromEntries(entries.map(([, loc, lastmod]) => [loc as string, lastmod ?? null]));
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt lets crawlers read the shop, not the admin area, checkout, accounts or the API, and names the sitemap', async () => {
    const res = await api.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const closed of ['/admin', '/checkout', '/cart', '/orders', '/o/', '/signin', '/forgot-password', '/reset-password', '/api/'])
      expect(text).toContain(`\nDisallow: ${closed}\n`);
    expect(text).not.toMatch(/Disallow: \/\n/);
    expect(text).toContain('\nSitemap: https://shop.example.com/sitemap.xml\n');
  });

  it('lists every product with its last change, the shop, its five categories and the pages about it, under the public address', async () => {
    const older = await api.createProduct({ name: 'Baobab Oil', category: 'Natural Oils' });
    const newer = await api.createProduct({ name: 'Alata Soap', category: 'Cleansers' });
    await api.db
      .update(products)
      .set({ updatedAt: new Date('2026-11-20T08:00:00Z') })
      .where(eq(products.id, older.id));
    await api.db
      .update(products)
      .set({ updatedAt: new Date('2026-11-24T09:30:00Z') })
      .where(eq(products.id, newer.id));

    const entries = await sitemap();
    const at = (path: string) => entries[`https://shop.example.com${path}`];
    // Each product by its readable address, the one its page gives as canonical.
    expect(at('/product/baobab-oil')).toBe('2026-11-20T08:00:00.000Z');
    expect(at('/product/alata-soap')).toBe('2026-11-24T09:30:00.000Z');
    expect(Object.keys(entries).filter((url) => url.includes(older.id) || url.includes(newer.id))).toEqual([]);
    // A listing changed when its newest product did.
    expect(at('/')).toBe('2026-11-24T09:30:00.000Z');
    expect(at('/products')).toBe('2026-11-24T09:30:00.000Z');
    expect(at('/natural-oils')).toBe('2026-11-20T08:00:00.000Z');
    expect(at('/cleansers')).toBe('2026-11-24T09:30:00.000Z');
    for (const { slug } of SHOP_CATEGORIES) expect(`https://shop.example.com/${slug}` in entries).toBe(true);
    for (const page of ['/our-brand', '/about', '/contact']) expect(at(page)).toBeNull();
    // No private page is anyone's search result.
    expect(Object.keys(entries).filter((url) => /\/(admin|checkout|cart|orders?|signin|signup)\b/.test(url))).toEqual([]);
  });

  it('drops a deleted product at once', async () => {
    const product = await api.createProduct();
    expect(Object.keys(await sitemap())).toContain(`https://shop.example.com/product/${product.slug}`);
    await api.db.delete(products).where(eq(products.id, product.id));
    expect(Object.keys(await sitemap())).not.toContain(`https://shop.example.com/product/${product.slug}`);
  });
});
