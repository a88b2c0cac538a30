import { SHOP_CATEGORIES } from '@/shared/constants';
import type { Product } from '@/shared/types';
import { RUNTIME_CACHES } from '../../sw/routes';
import { addShownProduct, addToCart, createProduct, expect, fillBilling, guestBilling, ordersFor, signIn, test, unique } from './fixtures';
import { goOffline, goOnline, keptCatalogueSize, openOffline, serverCartOf, waitUntilCartKept, waitUntilOfflineReady } from './offline-fixtures';

/**
 * The shop on a phone that loses its connection (ARCHITECTURE section 6), with Chromium's own
 * offline switch and the real service worker: after one online visit, every screen opens offline
 * from the precache and the kept catalogue; the cart and a Cash-on-Delivery order wait on the phone
 * and reach the server once, when the connection returns. Each test orders products it made itself.
 */

const slugOf = (product: Product) => SHOP_CATEGORIES.find((c) => c.category === product.category)?.slug ?? 'products';

test('after one online visit, the shop works offline and a cash-on-delivery order waits, then goes through exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // Its first two words are its own, for the search below.
  const product = await createProduct(request, { name: `${unique('Moringa')} Leaf Powder` });
  const billing = guestBilling('Efua Owusu');

  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/');
  await waitUntilOfflineReady(page);
  // The first download of the catalogue was read and written off the page's thread.
  expect(workers.filter((url) => url.includes('/assets/catalogue-download.worker-'))).toHaveLength(1);
  await goOffline(context);

  // Home, from the precached shell and the kept catalogue.
  await openOffline(page);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/₵/).first()).toBeVisible();

  // A category page, a product page and the search results: every client route opens offline.
  await openOffline(page, `/${slugOf(product)}`);
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  await openOffline(page, `/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const words = product.name.split(' ').slice(0, 2).join(' ');
  await openOffline(page, `/search?q=${encodeURIComponent(words)}`);
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

  // Into the cart, offline; a reload keeps it.
  await openOffline(page, `/product/${product.slug}`);
  await addShownProduct(page, product, 2);
  await openOffline(page, '/cart');
  await openOffline(page);
  await expect(page.getByRole('spinbutton', { name: new RegExp(product.name) })).toHaveValue('2');

  // Cash on delivery, offline: the order waits on the phone, and nothing reaches the server yet.
  await openOffline(page, '/checkout');
  await fillBilling(page, billing);
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is saved on this phone' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 order will be sent when you are back online.' })).toBeVisible();
  expect(await ordersFor(request, billing.email)).toHaveLength(0);

  // Mobile Money cannot work offline: the shopper is told so, before anything opens.
  await openOffline(page, `/product/${product.slug}`);
  await addShownProduct(page, product, 1);
  await openOffline(page, '/checkout');
  await fillBilling(page, guestBilling('Yaw Mensah'));
  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mobile Money needs an internet connection.' })).toBeVisible();

  // Back online: the saved order is sent once and the shopper is told it went through.
  await openOffline(page, '/cart');
  await goOnline(context);
  await expect(page.getByText(/Your saved order went through: /)).toBeVisible({ timeout: 15_000 });
  const orders = await ordersFor(request, billing.email);
  expect(orders).toHaveLength(1);
  expect(orders[0]?.items).toEqual([expect.objectContaining({ quantity: 2, product: expect.objectContaining({ _id: product._id }) })]);

  // Another start-up sends nothing again.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: new RegExp(product.name) })).toHaveValue('1');
  expect(await ordersFor(request, billing.email)).toHaveLength(1);
});

test('offline, the shop opens with the catalogue the phone kept in its query cache, with the service worker holding no copy', async ({ page, context }) => {
  await page.goto('/products');
  await waitUntilOfflineReady(page);
  const kept = await page.evaluate(keptCatalogueSize);
  // The service worker's copy of the answers goes: what shows can only come from IndexedDB.
  await page.evaluate((name) => caches.delete(name), RUNTIME_CACHES.catalogue);
  await goOffline(context);

  await openOffline(page, '/products');
  await expect(page.getByText(`${kept} products`)).toBeVisible();
  await expect(page.getByRole('main').getByText(/₵/).first()).toBeVisible();
  await expect(page.getByText('Failed to fetch products')).toHaveCount(0);
  // The offline bar says how old those prices and stock are.
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText(/Prices and stock as of (just now|\d+ minutes? ago)\./);
});

test("a customer's offline cart changes reach the server cart once the connection returns", async ({ page, context, request, account }) => {
  const kept = await createProduct(request);
  const added = await createProduct(request);
  await signIn(page, account);
  await addToCart(page, kept, 1);
  await waitUntilOfflineReady(page);
  expect(await serverCartOf(request, account)).toEqual({ [kept._id]: 1 });

  await goOffline(context);
  await openOffline(page, '/cart');
  await page.getByRole('button', { name: `Increase quantity of ${kept.name}` }).click();
  await expect(page.getByRole('spinbutton', { name: new RegExp(kept.name) })).toHaveValue('2');
  await page.getByRole('button', { name: `Increase quantity of ${kept.name}` }).click();
  await expect(page.getByRole('spinbutton', { name: new RegExp(kept.name) })).toHaveValue('3');
  await waitUntilCartKept(page, kept._id, 3);
  await openOffline(page, `/product/${added.slug}`);
  await addShownProduct(page, added, 1);
  await waitUntilCartKept(page, added._id, 1);

  // A reload offline keeps the changes; the server has none of them yet.
  await openOffline(page, '/cart');
  await openOffline(page);
  await expect(page.getByRole('spinbutton', { name: new RegExp(kept.name) })).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: new RegExp(added.name) })).toHaveValue('1');
  expect(await serverCartOf(request, account)).toEqual({ [kept._id]: 1 });

  await goOnline(context);
  await expect.poll(() => serverCartOf(request, account), { timeout: 15_000 }).toEqual({ [kept._id]: 3, [added._id]: 1 });
  // The screen now shows the server's cart, which says the same.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: new RegExp(kept.name) })).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: new RegExp(added.name) })).toHaveValue('1');
});
