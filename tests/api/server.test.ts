import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import { diskImageStore } from '@/server/services/catalogue/images';
import { IMAGE_SIZES } from '@/shared/product-images';
import { setupTestApi } from '../helpers/api';

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"><h1>Unlock Your Natural Glow</h1></div>');
writeFileSync(path.join(clientDir, 'shell.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"></div>');
// Route pages as scripts/prerender.mjs writes them: the shell with the route's chunks linked.
mkdirSync(path.join(clientDir, 'pages'));
const routePage = (name: string) => `<!doctype html><title>Nkuto Naturals</title><link rel="modulepreload" href="/assets/${name}.js"><div id="root"></div>`;
for (const name of ['products', 'product.$id', 'admin', 'admin.index']) writeFileSync(path.join(clientDir, `pages/${name}.html`), routePage(name));
writeFileSync(
  path.join(clientDir, 'pages/routes.json'),
  JSON.stringify([
    { segments: ['products'], index: false, page: 'pages/products.html' },
    { segments: ['product', '$id'], index: false, page: 'pages/product.$id.html' },
    { segments: ['admin'], index: false, page: 'pages/admin.html' },
    { segments: ['admin'], index: true, page: 'pages/admin.index.html' },
  ]),
);
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
// As scripts/compress-assets.mjs leaves a built script: Brotli and gzip copies beside it.
const SCRIPT = 'console.log("the shop");'.repeat(100);
writeFileSync(path.join(clientDir, 'assets', 'app-def456.js'), SCRIPT);
writeFileSync(path.join(clientDir, 'assets', 'app-def456.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(clientDir, 'assets', 'app-def456.js.gz'), gzipSync(SCRIPT));
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-up-'));

const api = setupTestApi({ clientDir, uploadsDir, publicUrl: 'https://shop.example.com' });

describe('errors are JSON with a message, never HTML or a stack trace', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await api.json('POST', '/api/login', { rawBody: '{"email": "a@b.co", ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a JSON array or string body with 400', async () => {
    for (const rawBody of ['[1,2]', '"text"', 'null']) {
      const res = await api.json('POST', '/api/login', { rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
  });

  it('reads a JSON body sent without Content-Type', async () => {
    const res = await api.json('POST', '/api/login', { rawBody: JSON.stringify({ email: 'x@example.com', password: 'whatever-1' }) });
    expect(res.status).toBe(401); // validated and tried, not mistaken for an empty body
  });

  // Found by fuzzing (tests/api/fuzz): PostgreSQL text cannot hold U+0000, and the driver's error was a 500.
  it('answers text with a NUL character with 400, in a JSON body, a query or a form, and stores nothing', async () => {
    const nul = 'Hello\u0000there';
    const contact = await api.json('POST', '/api/contact', { body: { name: 'Ama', email: 'ama@example.com', subject: 'Hi', message: nul } });
    expect(contact).toMatchObject({ status: 400, body: { message: 'Text cannot contain the NUL character (\\u0000).', errors: [{ path: ['message'] }] } });
    const nested = await api.json('POST', '/api/mergeCart', {
      token: (await api.createUser()).token,
      body: { items: [{ productId: `x${nul}`, quantity: 1 }] },
    });
    expect(nested).toMatchObject({ status: 400, body: { errors: [{ path: ['items', 0, 'productId'] }] } });
    expect((await api.json('POST', '/api/login', { body: { email: `ama${nul}@example.com`, password: 'whatever-1' } })).status).toBe(400);
    expect((await api.json('GET', '/api/getProducts?q=shea%00butter')).status).toBe(400);
    const admin = await api.createUser({ role: 'admin' });
    const form = new FormData();
    for (const [name, value] of Object.entries({ shopName: nul, email: 'shop@example.com', phone: '+233241234567' })) form.set(name, value);
    expect((await api.json('PATCH', '/api/settings', { token: admin.token, form })).status).toBe(400);
    const { rows } = (await api.db.execute(sql`select count(*)::int as n from contact_messages`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  });

  it('answers an oversized body with 413', async () => {
    const res = await api.json('POST', '/api/contact', {
      rawBody: JSON.stringify({ message: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api.json('GET', '/api/nope');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect((await api.json('DELETE', '/api/getProducts')).status).toBe(404);
  });
});

describe('headers', () => {
  it('sets security headers and a request id on every answer', async () => {
    const res = await api.request('GET', '/api/getProducts');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('keeps personal API answers out of every cache', async () => {
    const user = await api.createUser();
    for (const url of ['/api/getMyCart', '/api/settings', '/api/getAllMyOrders']) {
      const res = await api.request('GET', url, { token: user.token });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // The catalogue is the same for everyone, with or without parameters: revalidated by its ETag.
    const catalogue = await api.request('GET', '/api/getProducts?sort=newest', { token: user.token });
    expect(catalogue.headers.get('cache-control')).toBe('no-cache');
    expect(catalogue.headers.get('etag')).toMatch(/^".+"$/);
  });

  it('writes one JSON log line per request with its id, without the query string', async () => {
    const res = await api.request('GET', '/api/getProducts?q=secret-search');
    const line = api.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/getProducts', status: 200, reqId: res.headers.get('x-request-id') });
    expect(api.logs.join('\n')).not.toContain('secret-search');
  });
});

describe('the built PWA and uploads', () => {
  it('serves index.html for client routes and files as they are', async () => {
    const product = await api.createProduct();
    for (const route of ['/', '/products', `/product/${product.slug}`, '/admin/orders']) {
      const res = await api.request('GET', route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('Nkuto Naturals');
      // Only the home page comes drawn at build time; another route never shows the home hero first.
      expect(html.includes('Unlock Your Natural Glow')).toBe(route === '/');
    }
    const asset = await api.request('GET', '/assets/main-abc123.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // robots.txt is the server's own (routes/seo.ts), not a file of the build.
    expect(await (await api.request('GET', '/robots.txt')).text()).toMatch(/^User-agent: \*\n/);
  });

  it('names the images a listing or product page shows first, so a phone fetches them with the page', async () => {
    const key = (n: number) => String(n).repeat(32);
    const popular = await api.createProduct({ name: 'Popular Shea', category: 'Skin', unitsSold: 90, price: 60, images: [key(1), key(9)] });
    await api.createProduct({ name: 'Second Soap', category: 'Cleansers', unitsSold: 50, price: 10, images: [key(2)] });
    await api.createProduct({ name: 'Cheap Shea', category: 'Skin', unitsSold: 1, price: 5, images: [key(3)] });
    await api.createProduct({ name: 'Third Oil', category: 'Natural Oils', unitsSold: 20, images: [key(4)] });
    const preloaded = async (route: string) => {
      const link = (await api.request('GET', route)).headers.get('link');
      return [
        ...(link ?? '').matchAll(/<\/uploads\/(\d)+-640\.webp>; rel=preload; as=image; imagesrcset="([^"]+)"; imagesizes="([^"]+)"; fetchpriority=high/g),
      ].map((m) => ({ key: m[1], srcset: m[2], sizes: m[3] }));
    };

    // The shop page: its first two cards by Popularity, each card's first image, in the cards' sizes.
    const shop = await preloaded('/products');
    expect(shop.map((hint) => hint.key)).toEqual(['1', '2']);
    expect(shop[0]).toEqual({
      key: '1',
      srcset: `/uploads/${key(1)}-320.webp 320w, /uploads/${key(1)}-640.webp 640w, /uploads/${key(1)}-1200.webp 1200w`,
      sizes: IMAGE_SIZES.card,
    });
    // The link's sort and the category page's filter.
    expect((await preloaded('/products?sort=price-asc')).map((hint) => hint.key)).toEqual(['3', '2']);
    expect((await preloaded('/skin?sort=price-desc')).map((hint) => hint.key)).toEqual(['1', '3']);
    expect((await preloaded('/skin?sort=nonsense')).map((hint) => hint.key)).toEqual(['1', '3']);
    // A product page: its main image, in the main image's sizes.
    expect(await preloaded(`/product/${popular.slug}`)).toEqual([
      { key: '1', srcset: expect.stringContaining(`${key(1)}-1200.webp 1200w`), sizes: IMAGE_SIZES.productMain },
    ]);
    // Nothing to name: another page, an unknown product, a path that is no listing.
    for (const route of ['/', '/cart', '/product/00000000-0000-4000-8000-000000000000', '/skin/x', '/nope']) {
      expect((await api.request('GET', route)).headers.get('link'), route).toBeNull();
    }
  });

  it("answers a product that does not exist with 404 and the product's page (which says so); one deleted too", async () => {
    const product = await api.createProduct();
    const shown = await api.request('GET', `/product/${product.slug}`);
    expect(shown.status).toBe(200);
    for (const missing of ['/product/0b6f7c1e-5a7b-4b8a-9d51-2f0c0a1b2c3d', '/product/not-an-id', '/product/%E2%82%B5']) {
      const res = await api.request('GET', missing);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      // The app's own page, which tells the shopper and offers the way back.
      expect(await res.text()).toContain('assets/product.$id.js');
    }
    await api.db.delete(products).where(eq(products.id, product.id));
    expect((await api.request('GET', `/product/${product.slug}`)).status).toBe(404);
    expect((await api.request('HEAD', `/product/${product.slug}`)).status).toBe(404);
  });

  it("serves a route's own page, with its code linked, where the build wrote one", async () => {
    const linked = async (route: string) => /assets\/([^"]+)\.js/.exec(await (await api.request('GET', route)).text())?.[1] ?? 'shell';
    expect(await linked('/products')).toBe('products');
    expect(await linked('/product/0b6f7c1e-5a7b-4b8a-9d51-2f0c0a1b2c3d')).toBe('product.$id');
    // The index route wins over the layout route of the same path.
    expect(await linked('/admin')).toBe('admin.index');
    expect(await linked('/admin/')).toBe('admin.index');
    // No route page: the plain shell (a longer path, or another route).
    expect(await linked('/product/1/reviews')).toBe('shell');
    expect(await linked('/cart')).toBe('shell');
  });

  it('answers a missing file with 404 rather than the HTML shell, and never leaves the folder', async () => {
    expect((await api.request('GET', '/assets/missing.js')).status).toBe(404);
    for (const probe of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/uploads/..%2f..%2fetc%2fpasswd']) {
      const res = await api.request('GET', probe);
      expect(await res.text()).not.toContain('root:');
    }
  });

  it('sends the precompressed copy the client takes (Brotli, then gzip), and the file itself otherwise', async () => {
    const br = await api.request('GET', '/assets/app-def456.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(SCRIPT);

    const gz = await api.request('GET', '/assets/app-def456.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await api.request('GET', '/assets/app-def456.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    // A file the build did not compress goes as it is, whatever the client takes.
    const small = await api.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('serves stored images as immutable WebP', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c8a165' } })
      .png()
      .toBuffer();
    const key = await diskImageStore(uploadsDir).save(png);
    const res = await api.request('GET', `/uploads/${key}-640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
    expect((await api.request('GET', `/uploads/${key}-999.webp`)).status).toBe(404);
    expect((await api.request('GET', '/uploads/evil.html')).status).toBe(404);
  });
});
