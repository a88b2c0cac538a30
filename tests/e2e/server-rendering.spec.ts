import type { Page } from '@playwright/test';
import { addToCart, adminHeaders, createAccount, createProduct, expect, pageTitle, test, unique } from './fixtures';

/**
 * Pages that arrive with their content (README, "Server rendering"): the server renders public pages
 * with their data, and the browser takes them over (hydrateRoot) without redrawing or moving them.
 * A returning visitor's service worker serves the app shell instead, which the browser draws (createRoot).
 */

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its name, photo, price, stock and description', async ({ page, request }) => {
    const product = await createProduct(request, {
      name: unique('Hibiscus Hair Rinse'),
      description: 'A sobolo flower rinse for shine.',
      price: 65,
      stock: 3,
    });
    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(pageTitle(product.name));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByText('₵65.00').first()).toBeVisible();
    await expect(main.getByText('A sobolo flower rinse for shine.')).toBeVisible();
    await expect(main.getByText(/3 left|In stock/).first()).toBeVisible();
    // A link shared before products had addresses (its id) lands on the same page, at its address.
    const shared = await page.goto(`/product/${product._id}`);
    expect(shared?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/product/${product._id}$`));
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    const photo = main.getByRole('img', { name: new RegExp(product.name) }).first();
    await expect(photo).toBeVisible();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a category page lists its products with links to them', async ({ page, request }) => {
    const product = await createProduct(request, { name: unique('Moringa Seed Oil'), category: 'Natural Oils' });
    await page.goto('/natural-oils');
    const link = page.getByRole('link', { name: new RegExp(product.name) }).first();
    await expect(link).toBeVisible();
    // Its readable address: the name's words, not the id.
    expect(product.slug).toBe(product.name.toLowerCase().replace(/ /g, '-'));
    await expect(link).toHaveAttribute('href', `/product/${product.slug}`);
  });
});

/** Records layout shifts, console errors, and whether any node of the server's page was replaced. */
async function watchTakeover(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const state = { shifts: 0, removed: 0 };
    (window as unknown as { takeover: typeof state }).takeover = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) state.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // createRoot empties #root and draws anew; hydrateRoot keeps the server's nodes.
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (root)
        new MutationObserver((records) => {
          for (const record of records) state.removed += record.removedNodes.length;
        }).observe(root, { childList: true });
    });
  });
  return {
    errors,
    state: () => page.evaluate(() => (window as unknown as { takeover: { shifts: number; removed: number } }).takeover),
  };
}

// Each test's browser context is new: no service worker controls its first page.
test.describe('a first visit', () => {
  test('React takes over the server’s product page without redrawing or moving it, and it works', async ({ page, request }) => {
    const product = await createProduct(request, { name: unique('Shea Whip'), price: 48, stock: 9 });
    const watch = await watchTakeover(page);
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // Live once React has taken over: the quantity stepper answers.
    await expect(async () => {
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expect(page.getByText('added to cart', { exact: false }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const { shifts, removed } = await watch.state();
    console.log(`product page takeover: layout shift ${shifts.toFixed(4)}, nodes replaced ${removed}`);
    expect(watch.errors).toEqual([]);
    expect(removed).toBe(0);
    expect(shifts).toBeLessThanOrEqual(0.01);
  });

  test('the sign-in form arrives drawn, waits for the app, and signs in once React has taken it over', async ({ page, request }) => {
    const account = await createAccount(request, 'Efua Owusu');
    const watch = await watchTakeover(page);
    // React held back (the entry and what it imports statically run): what a slow phone shows before the app runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/vendor-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/signin?redirect=%2Forders');
    const form = page.getByRole('main');
    await expect(form.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    // Nothing can be typed into the server's HTML (hydration would clear it) nor sent the browser's way.
    await expect(form.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
    release();
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    // The take-over, read before signing in: the next page (My Orders, loading its list) is not this page's.
    const { shifts, removed } = await watch.state();
    console.log(`sign-in page takeover: layout shift ${shifts.toFixed(4)}, nodes replaced ${removed}`);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText(`Welcome back, ${account.fullName}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    expect(watch.errors).toEqual([]);
    expect(removed).toBe(0);
    expect(shifts).toBeLessThanOrEqual(0.01);
  });

  test.describe('with no service worker (every page from the server)', () => {
    test.use({ serviceWorkers: 'block' });

    test('the cart arrives as its frame and shows the phone’s cart once React has taken it over', async ({ page, request }) => {
      const product = await createProduct(request, { name: unique('Baobab Body Oil'), price: 52, stock: 6 });
      await addToCart(page, product, 2);
      const watch = await watchTakeover(page);
      await page.goto('/cart');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
      // The server drew rows waiting for the cart; the phone's line replaces them, with no mismatch.
      await expect(main.getByRole('link', { name: product.name })).toBeVisible();
      await expect(main.getByText('₵104.00').first()).toBeVisible();
      const { removed } = await watch.state();
      expect(watch.errors).toEqual([]);
      expect(removed).toBe(0);
    });
  });

  test('an unknown product answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found.' })).toBeVisible();
  });

  test("an admin's price change is in the page's HTML at once", async ({ request }) => {
    const product = await createProduct(request, { name: unique('Cocoa Butter Bar'), price: 30 });
    const priceIn = async () =>
      /<meta property="product:price:amount" content="([^"]+)">/.exec(await (await request.get(`/product/${product.slug}`)).text())?.[1];
    expect(await priceIn()).toBe('30.00');
    const edited = await request.patch(`/api/updateProductInfo/${product._id}`, { headers: await adminHeaders(request), multipart: { price: '36' } });
    expect(edited.status(), await edited.text()).toBe(200);
    expect(await priceIn()).toBe('36.00');
  });
});

test('a returning visitor gets the service worker’s app shell, which the browser draws', async ({ page, request }) => {
  const product = await createProduct(request, { name: unique('Baobab Butter') });
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  const watch = await watchTakeover(page);
  const response = await page.goto(`/product/${product.slug}`);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(watch.errors).toEqual([]);
});
