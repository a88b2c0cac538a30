import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPage } from '@/client/server-render';
import type { PageRenderer } from '@/server/app';
import { shopSettings } from '@/server/db/schema';
import { catalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import { diskImageStore } from '@/server/services/catalogue/images';
import { PAGE_STATE_ID } from '@/shared/page-render';
import { setupTestApi } from '../helpers/api';

/*
 * Server rendering against the real renderer (src/client/server-render.tsx, from source) and the
 * page templates as scripts/prerender.mjs writes them. The built renderer, hydration and JavaScript
 * switched off are the end-to-end suite's (tests/e2e/server-rendering.spec.ts).
 */

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The shop's own description." />
    <title>Nkuto Naturals | Natural skincare and haircare from Ghana</title>
    <!--data-preloads--><link rel="preload" href="/api/getProducts" as="fetch" crossorigin="anonymous"><!--/data-preloads-->
  </head>
  <body>
    <div id="root"></div>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </body>
</html>`;
writeFileSync(path.join(clientDir, 'shell.html'), SHELL);
writeFileSync(path.join(clientDir, 'index.html'), SHELL);

/** The renderer, counting its renders (what the page cache saves). */
const renders: string[] = [];
let failRenders = false;
const renderer: PageRenderer = {
  renderPage: (url, options) => {
    renders.push(url);
    if (failRenders) return Promise.reject(new Error('renderer down'));
    return renderPage(url, options);
  },
};
const api = setupTestApi({ clientDir, uploadsDir, publicUrl: 'https://shop.example.com' }, { pageRenderer: renderer });
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** WhatsApp's link reader: it runs no JavaScript and reads the page's head. */
const LINK_READER = { 'user-agent': 'WhatsApp/2.24.6.77 A', 'accept-encoding': 'identity' };

async function page(url: string, headers: Record<string, string> = LINK_READER) {
  const res = await api.request('GET', url, { headers });
  return { status: res.status, html: await res.text(), res };
}

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

async function photographedProduct(overrides: Parameters<typeof api.createProduct>[0] = {}) {
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 200, g: 150, b: 90 } } })
    .png()
    .toBuffer();
  const key = await diskImageStore(uploadsDir).save(photo);
  const product = await api.createProduct({ images: [key], ...overrides });
  // Written past the services: tell the caches, as the services would.
  catalogueChanged(api.db);
  return { ...product, key };
}

describe('server-rendered pages', () => {
  it('gives a link reader the product: its title, description, price, a fetchable JPEG preview and JSON-LD', async () => {
    const product = await photographedProduct({
      name: 'Baobab Face Oil',
      description: 'Cold-pressed baobab oil for dry skin.',
      price: 120,
      stock: 4,
      category: 'Natural Oils',
    });
    const { status, html, res } = await page(`/product/${product.slug}`);
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<title>Baobab Face Oil - Nkuto Naturals</title>');
    // One title and one description: the shell's own went.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toBe('Cold-pressed baobab oil for dry skin.');
    expect(meta(html, 'og:title')).toBe('Baobab Face Oil - Nkuto Naturals');
    expect(meta(html, 'og:type')).toBe('product');
    // Its readable address, never the id (a UUID in a WhatsApp message).
    expect(meta(html, 'og:url')).toBe('https://shop.example.com/product/baobab-face-oil');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/product/baobab-face-oil">');
    expect(meta(html, 'product:price:amount')).toBe('120.00');
    expect(meta(html, 'product:price:currency')).toBe('GHS');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');

    const image = meta(html, 'og:image');
    expect(image).toBe(`https://shop.example.com/uploads/${product.key}-share.jpg`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
    const picture = await api.request('GET', new URL(image ?? '').pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await picture.arrayBuffer());
    const info = await sharp(bytes).metadata();
    expect(info.format).toBe('jpeg');
    expect(info.width).toBeGreaterThanOrEqual(600);
    expect(bytes.length).toBeLessThanOrEqual(300_000);

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Baobab Face Oil',
      url: 'https://shop.example.com/product/baobab-face-oil',
      offers: { price: 120, priceCurrency: 'GHS', availability: 'https://schema.org/InStock' },
    });
    // The page itself, for a shopper without JavaScript: name, price, stock and description.
    const root = /<div id="root">(.*)<\/div>\s*<script type="application\/json"/s.exec(html)?.[1] ?? '';
    expect(root).toMatch(/<h1[^>]*>Baobab Face Oil<\/h1>/);
    expect(root).toContain('120.00');
    expect(root).toContain('Cold-pressed baobab oil for dry skin.');
    expect(root).toMatch(/Only 4 left|4 in stock|In stock/);
    // The footer too, whose code the browser loads only after the page is usable: its links are in the page.
    const footer = /<footer[^>]*>(.*)<\/footer>/s.exec(root)?.[1] ?? '';
    expect(footer).toMatch(/<a[^>]*href="\/our-brand"[^>]*>Our Brand<\/a>/);
    expect(footer).toContain('placeholder="Your email address"');
    // Its data goes with it (no second request for what the page shows), and no data preload is left.
    expect(html).not.toContain('/api/getProducts');
    const state = JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`, 's').exec(html)?.[1] ?? 'null');
    expect(state.origin).toBe('https://shop.example.com');
    expect(state.queries.queries.map((q: { queryKey: unknown }) => q.queryKey)).toContainEqual(['catalogue', 'product', product.slug]);
    // Never the whole catalogue: a page carries only what it shows.
    expect(state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey[1])).not.toContain('all');
  });

  it('answers an unknown product and an unknown page with 404 and the rendered not-found page', async () => {
    const product = await page('/product/00000000-0000-4000-8000-000000000000');
    expect(product.status).toBe(404);
    expect(product.html).toContain('<title>Product not found - Nkuto Naturals</title>');
    expect(product.html).toMatch(/<h1[^>]*>Product not found\.<\/h1>/);
    const unknown = await page('/shampoos');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it('lists a category with links to its products, and the home page with its own head', async () => {
    const oil = await photographedProduct({ name: 'Moringa Oil', category: 'Natural Oils' });
    const soap = await photographedProduct({ name: 'Alata Soap', category: 'Cleansers' });
    const category = await page('/natural-oils');
    expect(category.status).toBe(200);
    expect(category.html).toContain(`href="/product/${oil.slug}"`);
    expect(category.html).not.toContain(`href="/product/${soap.slug}"`);
    expect(category.html).toContain('<link rel="canonical" href="https://shop.example.com/natural-oils">');
    const home = await page('/');
    expect(home.html).toContain('<title>Nkuto Naturals | Natural skincare and haircare from Ghana</title>');
    expect(meta(home.html, 'og:type')).toBe('website');
    // The hero's first picture is drawn into the page (the browser loads the pictures' code later); only the first.
    const slides = [...home.html.matchAll(/<img ([^>]*) width="1200" height="600"/g)].map((m) => /src="([^"]*)"/.exec(m[1] ?? '')?.[1]);
    expect(slides).toHaveLength(6);
    expect(slides[0]).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    expect(slides.slice(1)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('takes the shop name from Settings', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const saved = await api.request('PATCH', '/api/settings', {
      token: admin.token,
      body: { shopName: 'Adwoa Naturals', email: 'hello@adwoa.gh', phone: '+233 24 000 0000', whatsapp: '', address: 'Osu, Accra' },
    });
    expect(saved.status).toBe(200);
    const product = await photographedProduct({ name: 'Shea Balm' });
    const { html } = await page(`/product/${product.slug}`);
    expect(html).toContain('<title>Shea Balm - Adwoa Naturals</title>');
    expect(meta(html, 'og:site_name')).toBe('Adwoa Naturals');
  });

  it("shows an admin's price change at once, and keeps a page for everyone until then", async () => {
    const product = await photographedProduct({ name: 'Cocoa Butter', price: 50 });
    const admin = await api.createUser({ role: 'admin' });
    renders.length = 0;
    expect(meta((await page(`/product/${product.slug}`)).html, 'product:price:amount')).toBe('50.00');
    await page(`/product/${product.slug}`);
    expect(renders).toHaveLength(1);

    const form = new FormData();
    form.append('price', '65');
    const edited = await api.request('PATCH', `/api/updateProductInfo/${product.id}`, { token: admin.token, form });
    expect(edited.status).toBe(200);
    expect(meta((await page(`/product/${product.slug}`)).html, 'product:price:amount')).toBe('65.00');
  });

  it('keeps one page for a shared link whatever tracking it carries, and never keeps a search', async () => {
    const product = await photographedProduct({ name: 'Black Soap' });
    renders.length = 0;
    await page(`/product/${product.slug}`);
    await page(`/product/${product.slug}?fbclid=IwAR0abc&utm_source=whatsapp&utm_medium=share`);
    await page(`/product/${product.slug}?gclid=xyz`);
    expect(renders).toEqual([`/product/${product.slug}`]);

    await page('/products?sort=price-asc&utm_campaign=sale');
    expect(renders.at(-1)).toBe('/products?sort=price-asc');

    renders.length = 0;
    const first = await page('/search?q=black');
    await page('/search?q=black');
    expect(renders).toHaveLength(2);
    expect(first.html).toContain('Black Soap');
  });

  it('never lets product text break out of the page: the state and JSON-LD are inert', async () => {
    const product = await photographedProduct({ name: 'Oil </script><script>alert(1)</script>', description: '<!-- \u2028 </script>' });
    const { html } = await page(`/product/${product.slug}`);
    expect(html).not.toContain('<script>alert(1)');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.every((tag) => /type="(module|application\/json|application\/ld\+json)"/.test(tag))).toBe(true);
  });

  it('names the shop by PUBLIC_URL when it is set, whatever Host a request claims', async () => {
    const product = await photographedProduct();
    // Without PUBLIC_URL the request's host is used: tests/unit/site-origin.test.ts.
    const { status, html } = await page(`/product/${product.slug}`, { ...LINK_READER, host: 'evil.example' });
    expect(status).toBe(200);
    expect(meta(html, 'og:url')).toBe(`https://shop.example.com/product/${product.slug}`);
  });

  it('draws the sign-in, sign-up and order look-up forms, their fields and buttons waiting for the app', async () => {
    for (const [url, heading, fields] of [
      ['/signin?redirect=%2Fcheckout', 'Sign In', ['signin-email', 'signin-password']],
      ['/signup', 'Sign Up', ['signup-fullName', 'signup-email', 'signup-password']],
      ['/orders/lookup', 'Find an order', ['order-lookup-orderNumber', 'order-lookup-contact']],
    ] as const) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toContain(PAGE_STATE_ID);
      expect(html, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // Disabled until React runs the page: text typed into the server's HTML would be lost, and a
      // tap on the button would send the form the browser's way (a password in the address).
      for (const id of fields) expect(html, `${url} #${id}`).toMatch(new RegExp(`<input id="${id}"[^>]* disabled="" data-starting="true"`));
      expect(html, url).toMatch(/<button type="submit"[^>]* disabled="" data-starting="true"/);
    }
  });

  it('draws the cart waiting for the phone’s cart: the server cannot know what is in it', async () => {
    const { status, html } = await page('/cart');
    expect(status).toBe(200);
    expect(html).toContain(PAGE_STATE_ID);
    expect(html).toMatch(/<h1[^>]*>Shopping Cart<\/h1>/);
    expect(html).toContain('aria-label="Loading your cart"');
    expect(html).not.toContain('Your cart is empty');
  });

  it('sends the app shell for pages that are someone’s own, and when rendering fails', async () => {
    for (const own of ['/orders', '/checkout', '/order/o1', '/forgot-password']) {
      const shell = await page(own);
      expect(shell.status, own).toBe(200);
      expect(shell.html, own).not.toContain(PAGE_STATE_ID);
      expect(shell.html, own).toContain('<div id="root"></div>');
    }

    failRenders = true;
    try {
      const product = await photographedProduct();
      const shell = await page(`/product/${product.slug}`);
      expect(shell.status).toBe(200);
      expect(shell.html).toContain('<div id="root"></div>');
      expect(api.logs.some((line) => line.includes('page render failed'))).toBe(true);
    } finally {
      failRenders = false;
    }
  });

  it('compresses the page for phones that take it', async () => {
    const product = await photographedProduct();
    const { res } = await page(`/product/${product.slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });
});

describe('the demo shop', () => {
  const BANNER = /<body data-demo-shop>\s*<aside id="demo-banner" aria-label="Demo shop"[^>]*>Demo shop: nothing here is for sale<\/aside>/;
  const demo = async (on: boolean) => {
    await api.db
      .insert(shopSettings)
      .values({ id: 1, shopName: 'Nkuto Naturals', email: '', phone: '', whatsapp: '', address: '', socials: {}, demoShop: on })
      .onConflictDoUpdate({ target: shopSettings.id, set: { demoShop: on } });
    // As going live does: the change of everything makes the pages read the demo state again.
    catalogueChanged(api.db);
  };

  it('puts the banner into every page it sends while the shop is a demo, rendered or the shell, and none after', async () => {
    await demo(true);
    try {
      expect((await page('/')).html).toMatch(BANNER);
      expect((await page('/shop')).html).toMatch(BANNER);
      const admin = await page('/admin');
      expect(admin.status).toBe(200);
      expect(admin.html).toMatch(BANNER);
      expect(admin.html).toContain('<div id="root"></div>');
    } finally {
      await demo(false);
    }
    // Live: the kept pages are not the demo's (the demo state is in the page cache's key).
    for (const url of ['/', '/shop', '/admin']) expect((await page(url)).html).not.toContain('demo-banner');
  });
});
