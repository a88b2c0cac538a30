import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Product } from '@/shared/types';
import { RUNTIME_CACHES } from '../../sw/routes';
import { expect, png, test, unique } from './fixtures';
import { goOffline, openOffline, waitUntilOfflineReady } from './offline-fixtures';

/**
 * Images in a bucket (STORAGE_URL) shown from its public address (STORAGE_PUBLIC_URL), as
 * behind a CDN, in Chromium with the real service worker. The bucket is s3rver (npm) with a CORS
 * rule allowing GET from anywhere, and its public address is another origin than the shop's: the
 * page's CSP must let the images in, and the worker must keep them for offline use without being
 * told the CDN's address. A shop of its own (the built server on another port), with nothing seeded.
 */

const ADMIN = { email: 'owner@example.com', password: 'owner-password-e2e' };
// The e2e ports: the shop, +10..12 the message sinks, +20 the 5,000-product shop, +40 this one, +50 the crash spec.
const shopPort = Number(process.env.E2E_PORT ?? 3100) + 40;
const shopUrl = `http://127.0.0.1:${shopPort}`;
const folders: string[] = [];
let bucketServer: S3rver | undefined;
let shop: ChildProcess | undefined;
let cdn = '';

test.skip(({ isMobile }) => !isMobile, 'a phone flow');

test.beforeAll(async () => {
  const folder = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), name));
    folders.push(dir);
    return dir;
  };
  // s3rver's sample rule: GET from any origin.
  const cors = readFileSync(path.join('node_modules', 's3rver', 'example', 'cors.xml'));
  bucketServer = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder('shop-cdn-s3-'),
    configureBuckets: [{ name: 'shop-cdn', configs: [cors] }],
  });
  const { port } = await bucketServer.run();
  cdn = `http://127.0.0.1:${port}/shop-cdn/e2e`;
  shop = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      DATA_DIR: folder('shop-cdn-data-'),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STORAGE_URL: `s3://S3RVER:S3RVER@127.0.0.1:${port}/shop-cdn/e2e?tls=false`,
      STORAGE_PUBLIC_URL: cdn,
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${shopUrl}/api/settings`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  shop?.kill('SIGTERM');
  if (shop && shop.exitCode === null) await new Promise((resolve) => shop?.once('exit', resolve));
  await bucketServer?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

test("a product's image comes from the CDN's origin, the CSP lets it in, and the worker keeps it for offline use", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${shopUrl}/api/login`, { data: ADMIN });
  const token = (await login.json()).token as string;
  const added = await request.post(`${shopUrl}/api/addProduct`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name: unique('Shea Nilotica'),
      description: 'East African shea, softer than the western kind.',
      category: 'Skin',
      price: '55',
      stock: '9',
      newArrival: 'false',
      images: { name: 'shea.png', mimeType: 'image/png', buffer: await png('#d8b27a') },
    },
  });
  expect(added.status()).toBe(201);
  const product = (await added.json()).data as Product;
  expect(product.productImageUrls[0]).toMatch(new RegExp(`^${cdn}/[a-f0-9]{32}-640\\.webp$`));

  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${shopUrl}/product/${product.slug}`);
  await waitUntilOfflineReady(page);
  // The first visit's image came before the worker controlled the page: once more, through it.
  await page.reload();
  const image = page.getByRole('main').getByRole('img', { name: product.name }).first();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(new RegExp(`^${cdn}/`));
  const kept = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url), RUNTIME_CACHES.images);
  await expect
    .poll(kept, { message: "the CDN's image is in the worker's image cache" })
    .toContainEqual(expect.stringMatching(new RegExp(`^${cdn}/[a-f0-9]{32}-\\d+\\.webp$`)));

  // Offline (the CDN too): the product page still shows its image, from the worker's cache.
  await goOffline(context);
  await openOffline(page, `${shopUrl}/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
