import type { APIRequestContext, Locator } from '@playwright/test';
import { SHOP_CATEGORIES } from '@/shared/constants';
import type { Product } from '@/shared/types';
import { RUNTIME_CACHES } from '../../sw/routes';
import { addShownProduct, addToCart, adminHeaders, createProduct, expect, fillBilling, guestBilling, ordersFor, png, signIn, test, unique } from './fixtures';
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
  await expect(page.getByRole('status').getByRole('button', { name: /^You are offline\. · 1 order waiting/ })).toBeVisible();
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
  // The offline bar says how old those prices and stock are, in its details.
  await page
    .getByRole('status')
    .getByRole('button', { name: /^You are offline\./ })
    .click();
  await expect(page.getByText(/Prices and stock as of (just now|\d+ minutes? ago)\./)).toBeVisible();
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

/** A product of the test's own with two photos (the admin's multipart call, two files in `images`). */
async function productWithTwoImages(request: APIRequestContext, name: string): Promise<Product> {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name,
    description: 'Cold-pressed baobab oil.',
    category: 'Skin',
    price: '55',
    stock: '20',
    newArrival: 'false',
  }))
    form.set(field, value);
  for (const colour of ['#c08a4a', '#3f7a4a']) form.append('images', new File([new Uint8Array(await png(colour))], 'photo.png', { type: 'image/png' }));
  const res = await request.post('/api/addProduct', { headers: await adminHeaders(request), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/** Whether an <img> shows a picture: loaded, with a size (a broken one has none). */
const shows = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

test('offline, the product page shows the photo the listing kept (another width of it), and no broken image for the one it never saw', async ({
  page,
  context,
  request,
}) => {
  const product = await productWithTwoImages(request, `${unique('Baobab')} Seed Oil`);
  const cardImage = (product.productImageUrls[0] ?? '').replace(/-\d+\.webp$/, '-640.webp');
  // Online, the search results show its card: the worker keeps the card's width (640 px on this phone) of the first photo only.
  const results = `/search?q=${encodeURIComponent(product.name.split(' ').slice(0, 2).join(' '))}`;
  await page.goto('/');
  await waitUntilOfflineReady(page);
  // Now through the worker, which keeps what it fetches.
  await page.goto(results);
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(async ([name, url]) => Boolean(await (await caches.open(name)).match(url)), [RUNTIME_CACHES.images, cardImage] as const))
    .toBe(true);
  await goOffline(context);

  // The page asks for other widths (1200 px for the main photo on this screen, 320 px for the thumbnails).
  await openOffline(page, `/product/${product._id}`);
  const main = page.getByRole('img', { name: `${product.name}, image 1 of 2` });
  await expect(main).toBeVisible();
  await expect.poll(() => shows(main)).toBe(true);
  expect(await main.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-1200\.webp$/);
  const thumb = (n: number) => page.getByRole('button', { name: `Show image ${n} of 2` }).locator('img');
  await expect.poll(() => shows(thumb(1))).toBe(true);
  // The first photo (its 320 px width, or the 1200 px one Chromium may reuse from memory once the main photo has it).
  const firstPhoto = (product.productImageUrls[0] ?? '').replace(/-\d+\.webp$/, '');
  expect(await thumb(1).evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`${firstPhoto}-(320|1200)\\.webp$`));
  // The second photo was never on this phone: the placeholder tile, not a broken-image icon.
  await expect.poll(() => shows(thumb(2))).toBe(true);
  expect(await thumb(2).evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/^data:image\/svg/);
});

test('offline, the bar under the top bar is one line at 360 px; its details open on a tap and close again', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/products');
  await waitUntilOfflineReady(page);
  await goOffline(context);

  for (const path of ['/', '/products', '/cart']) {
    await openOffline(page, path);
    const toggle = page.getByRole('status').getByRole('button', { name: /^You are offline\./ });
    await expect(toggle).toBeVisible();
    const bar = await page
      .getByRole('status')
      .filter({ has: page.getByRole('button', { name: /^You are offline\./ }) })
      .boundingBox();
    // One line, as tall as a tap (it took three lines, 76 px).
    expect(bar?.height, path).toBeLessThanOrEqual(48);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('You can keep browsing and filling your cart.')).toBeHidden();
  }

  const toggle = page.getByRole('status').getByRole('button', { name: /^You are offline\./ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('You can keep browsing and filling your cart.')).toBeVisible();
  await toggle.click();
  await expect(page.getByText('You can keep browsing and filling your cart.')).toBeHidden();
});
