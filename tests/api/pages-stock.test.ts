import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '@/server/app';
import type { PageData, RenderedPage } from '@/shared/page-render';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

/*
 * The server-rendered pages on a busy sale day: an order drops only the pages that show its products
 * (services/catalogue/page-cache.ts). The renderer here is a stand-in that reads its data through PageData as
 * the storefront's does (the real one: pages.test.ts), so the test holds whatever the pages show.
 */

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
const SHELL = '<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(clientDir, 'shell.html'), SHELL);
writeFileSync(path.join(clientDir, 'index.html'), SHELL);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const page = (markup: string): RenderedPage => ({ status: 200, markup, head: '', state: '{}' });
const shown = (list: { name: string; stock: number }[]) => list.map((p) => `${p.name}: ${p.stock}`).join('; ');

/** What each page reads: one product; a category by price (stock plays no part in its choice); the shop in popularity order. */
async function renderWith(url: string, data: PageData): Promise<RenderedPage> {
  const { pathname } = new URL(url, 'http://shop.test');
  const id = /^\/product\/([^/]+)$/.exec(pathname)?.[1];
  if (id) return page(shown([await data.product(id)]));
  if (pathname === '/natural-oils') return page(shown((await data.productPage({ category: 'Natural Oils', sort: 'price-asc' })).data));
  if (pathname === '/products') return page(shown((await data.productPage({})).data));
  return { ...page('not found'), status: 404 };
}

const renders: string[] = [];
const renderer: PageRenderer = {
  renderPage: (url, options) => {
    renders.push(url);
    return renderWith(url, options.data);
  },
};
const api = setupTestApi({ clientDir, publicUrl: 'https://shop.example.com' }, { pageRenderer: renderer });

async function visit(urls: string[]): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const url of urls) {
    const res = await api.request('GET', url, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status, url).toBe(200);
    seen[url] = /<div id="root">(.*?)<\/div>/s.exec(await res.text())?.[1] ?? '';
  }
  return seen;
}

describe('rendered pages on a sale day', () => {
  it('an order drops the pages showing its product and the popularity listing, and keeps the others', async () => {
    const shea = await api.createProduct({ name: 'Shea Butter', category: 'Skin', stock: 10 });
    const cocoa = await api.createProduct({ name: 'Cocoa Butter', category: 'Skin', stock: 10 });
    const oil = await api.createProduct({ name: 'Baobab Oil', category: 'Natural Oils', stock: 10 });
    const admin = await api.createUser({ role: 'admin' });
    const pages = [`/product/${shea.slug}`, `/product/${cocoa.slug}`, '/natural-oils?sort=price-asc', '/products'];

    await visit(pages);
    await visit(pages);
    expect(renders).toEqual(pages);

    renders.length = 0;
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }])).status).toBe(201);
    const afterShea = await visit(pages);
    // Its own page, and the listing whose order follows units sold; not another product's, not the oils.
    expect(renders).toEqual([`/product/${shea.slug}`, '/products']);
    expect(afterShea[`/product/${shea.slug}`]).toBe('Shea Butter: 9');

    renders.length = 0;
    expect((await guestOrder(api, [{ productId: oil.id, quantity: 2 }])).status).toBe(201);
    const afterOil = await visit(pages);
    expect(renders).toEqual(['/natural-oils?sort=price-asc', '/products']);
    expect(afterOil['/natural-oils?sort=price-asc']).toBe('Baobab Oil: 8');

    // A product's data changed: every page goes.
    renders.length = 0;
    const form = new FormData();
    form.set('name', 'Whipped Cocoa Butter');
    expect((await api.request('PATCH', `/api/updateProductInfo/${cocoa.id}`, { token: admin.token, form })).status).toBe(200);
    // Renamed, the product has a new address (its old one answers 301).
    const renamed = pages.map((page) => page.replace(cocoa.slug, 'whipped-cocoa-butter'));
    const afterEdit = await visit(renamed);
    expect(renders).toEqual(renamed);
    expect(afterEdit['/product/whipped-cocoa-butter']).toBe('Whipped Cocoa Butter: 10');
  });
});
