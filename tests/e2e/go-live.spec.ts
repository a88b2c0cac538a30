import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, request as requests, test } from '@playwright/test';
import type { Product, ShopSettings } from '@/shared/types';
import { DEMO_ADMIN, submitSignIn } from './admin-fixtures';
import { fillBilling, guestBilling, png } from './fixtures';

/**
 * Day one for a real owner. Going live wipes the demo data, which every other spec shares
 * on the suite's server: this spec starts a shop of its own (the built server with its own embedded
 * PostgreSQL in a throwaway DATA_DIR: ready in about 21 s, the demo seed's images most of it; a fresh
 * database on the local PostgreSQL through DATABASE_URL measured 19-27 s, no faster), with a real
 * admin (ADMIN_EMAIL / ADMIN_PASSWORD: the demo admin is then never created, and go-live refuses the
 * demo admin's published password anyway). Phone size, as the rest of the shop's flows.
 */
const OWNER = { email: 'owner@golive.test', password: 'our-own-shop-2026' };
/** The demo customer and its published password (README). */
const DEMO_CUSTOMER = { email: 'ama@example.com', password: 'nkuto-shopper-2026' };
const BANNER = 'Demo shop: nothing here is for sale';

let server: ChildProcess | undefined;
let output = '';
let dataDir = '';
let baseURL = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  // Its own shop draws the demo's 92 images while three other workers drive Chromium: on a slow day
  // that took over 170 s (CI), against about 40 s on an idle machine.
  test.setTimeout(420_000);
  const started = Date.now();
  dataDir = mkdtempSync(path.join(tmpdir(), 'go-live-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
    RATE_LIMIT_ORDERS_PER_IP: '0',
  };
  // The suite's environment may name another database or a Paystack key: not this shop's.
  delete env.DATABASE_URL;
  delete env.PAYSTACK_SECRET_KEY;
  server = spawn(process.execPath, ['dist/server/index.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  await expect
    .poll(() => /"msg":"listening","port":(\d+)/.exec(output)?.[1] ?? (server?.exitCode !== null ? 'exited' : undefined), { timeout: 400_000 })
    .toMatch(/^\d+$/);
  baseURL = `http://127.0.0.1:${/"msg":"listening","port":(\d+)/.exec(output)?.[1]}`;
  console.log(`go-live server ready in ${Date.now() - started} ms`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function phone(browser: Browser) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  return { context, page: await context.newPage() };
}

async function ownerHeaders(api: APIRequestContext) {
  const res = await api.post('/api/login', { data: OWNER });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('an owner goes live from the setup guide: no demo products, banner or demo admin; Cash on Delivery only', async ({ browser }) => {
  const api = await requests.newContext({ baseURL });
  const { context, page } = await phone(browser);

  // The demo shop says so on every page, the storefront's and the admin's.
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Demo shop' })).toHaveText(BANNER);
  const before = (await (await api.get('/api/products?limit=1')).json()) as { total: number };
  expect(before.total).toBeGreaterThan(0);
  // The demo shows what the shop can do: simulated Mobile Money and three delivery options; its demo customer signs in.
  const demoSettings = ((await (await api.get('/api/settings')).json()) as { data: ShopSettings }).data;
  expect(demoSettings.payments).toEqual({ mobileMoney: true, testPayments: true });
  expect(demoSettings.delivery).toHaveLength(3);
  expect((await api.post('/api/login', { data: DEMO_CUSTOMER })).ok()).toBe(true);

  await page.goto('/signin');
  await submitSignIn(page, OWNER);
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/admin'));
  await expect(page.getByRole('complementary', { name: 'Demo shop' })).toHaveText(BANNER);

  const guide = page.getByRole('region', { name: 'Set up your shop' });
  const goLiveStep = guide.getByRole('listitem', { name: 'Go live' });
  await goLiveStep.getByRole('button', { name: 'Go live' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Go live and remove the demo data?' });
  await expect(dialog).toContainText('A backup of the whole shop is taken first.');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText('Your shop is live. The demo data is gone.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('complementary', { name: 'Demo shop' })).toHaveCount(0);

  // The storefront: no banner, no demo products.
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Demo shop' })).toHaveCount(0);
  const after = (await (await api.get('/api/products?limit=1')).json()) as { total: number };
  expect(after.total).toBe(0);

  // The demo's published passwords sign nobody in; its delivery options and simulated payments are gone.
  expect((await api.post('/api/login', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).ok()).toBe(false);
  expect((await api.post('/api/login', { data: DEMO_CUSTOMER })).ok()).toBe(false);
  const liveSettings = ((await (await api.get('/api/settings')).json()) as { data: ShopSettings }).data;
  expect(liveSettings).toMatchObject({ demoShop: false, delivery: [], payments: { mobileMoney: false, testPayments: false } });

  // A product of the owner's own, and a guest's checkout: Cash on Delivery only (no Paystack key), said plainly.
  const res = await api.post('/api/addProduct', {
    headers: await ownerHeaders(api),
    multipart: {
      name: 'Owner Shea Butter',
      description: 'Our own raw shea butter.',
      category: 'Skin',
      price: '40',
      stock: '10',
      newArrival: 'false',
      images: { name: 'shea.png', mimeType: 'image/png', buffer: await png('#c08a4a') },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = ((await res.json()) as { data: Product }).data;
  await page.goto(`/product/${product.slug}`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await page.goto('/checkout');
  await fillBilling(page, guestBilling());
  const methods = page.getByRole('group', { name: 'Payment method' });
  await expect(methods.getByRole('radio')).toHaveCount(1);
  await expect(methods.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expect(methods.getByText('Mobile Money is not available yet: pay Cash on Delivery.')).toBeVisible();
  await expect(page.getByLabel('GhanaPost GPS address (optional)')).toBeVisible();

  await context.close();
  await api.dispose();
});
