import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Order, Product } from '@/shared/types';
import { signInAsAdmin } from './admin-fixtures';
import { addShownProduct, adminHeaders, expect, fillBilling, guestBilling, openSearch, pageTitle, signIn, test } from './fixtures';

/**
 * The built shop in Chromium under its real Content-Security-Policy: the main screens run without a
 * single violation, and a product whose name and description are HTML with script shows that HTML
 * as text on every screen that shows the product, and runs none of it.
 */

let made = 0;
/** A word no other product has, to find the test's own product in lists and searches. */
const uniqueWord = () => {
  made += 1;
  return `Zq${Date.now().toString(36)}${process.pid}${made}`;
};

interface HostileProduct {
  product: Product;
  word: string;
  name: string;
  description: string;
}

/** A product (made through the admin API) whose name and description would run script if rendered as HTML. */
async function hostileProduct(request: APIRequestContext): Promise<HostileProduct> {
  const word = uniqueWord();
  const name = `<img src=x onerror="window.__xss=1">Shea ${word} <script>window.__xss=2</script>`;
  const description = `<b>Raw</b> shea ${word} <img src=x onerror="window.__xss=3"><script>window.__xss=4</script> & "quotes" 'too'`;
  const image = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#b5854b' } })
    .png()
    .toBuffer();
  const res = await request.post('/api/addProduct', {
    headers: await adminHeaders(request),
    multipart: {
      name,
      description,
      category: 'Skin',
      price: '42',
      stock: '50',
      newArrival: 'true',
      images: { name: 'shea.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = ((await res.json()) as { data: Product }).data;
  expect(product.name).toBe(name);
  return { product, word, name, description };
}

/** A guest's Cash-on-Delivery order for the product, placed through the API. */
async function guestOrderFor(request: APIRequestContext, product: Product): Promise<Order> {
  const res = await request.post('/api/createGuestOrder', {
    data: { ...guestBilling('Yaw Mensah'), paymentMethod: 'Cash on Delivery', cart: [{ productId: product._id, quantity: '1' }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** None of the product's markup became elements (an image with its handler, a script of its own), and none of its code ran. */
async function expectNothingRan(page: Page): Promise<void> {
  expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
  // Data blocks (the page's JSON-LD and the server's page state) are never run; any other script would be.
  const injectedScripts = await page
    .locator('script')
    .evaluateAll(
      (scripts) =>
        scripts.filter((s) => !['application/ld+json', 'application/json'].includes(s.getAttribute('type') ?? '') && (s.textContent ?? '').includes('__xss'))
          .length,
    );
  expect(injectedScripts).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** The text is on screen, as text, within `scope`. */
async function expectShownAsText(page: Page, scope: Locator, text: string): Promise<void> {
  await expect(scope.getByText(text).first()).toBeVisible();
  await expectNothingRan(page);
}

test.describe('a product named with HTML and script shows as text everywhere', () => {
  test('home, the shop, its category, its page, the search dropdown and the search page', async ({ page, request }) => {
    const { product, word, name, description } = await hostileProduct(request);
    const main = page.getByRole('main');

    await page.goto('/');
    const newArrivals = page.getByRole('list', { name: 'New arrivals' });
    await newArrivals.scrollIntoViewIfNeeded();
    await expectShownAsText(page, newArrivals, name);

    await page.goto('/products?sort=newest');
    await expectShownAsText(page, main, name);
    await page.goto('/skin?sort=newest');
    await expectShownAsText(page, main, name);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expectShownAsText(page, main, description);
    await expect(page).toHaveTitle(pageTitle(name));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', pageTitle(name));
    // The structured data is a data block (never run) and reads back as the same text.
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ name, description });

    await page.goto('/');
    const search = await openSearch(page);
    await search.fill(word);
    const options = page.getByRole('listbox', { name: 'Matching products' });
    await expectShownAsText(page, options, name);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
    await expectShownAsText(page, main, name);
  });

  test('the cart, checkout, the order confirmation, My Orders and the order detail', async ({ page, request, account }) => {
    const { product, name } = await hostileProduct(request);
    const main = page.getByRole('main');
    await signIn(page, account);

    await page.goto(`/product/${product.slug}`);
    await addShownProduct(page, product, 2);
    await page.goto('/cart');
    await expectShownAsText(page, main, name);

    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
    await expectShownAsText(page, page.getByRole('complementary', { name: 'Order summary' }), name);
    await fillBilling(page, { phone: '024 765 4321', city: 'Tamale', address: '4 Bank Road' });
    await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order\/[^/?]+\?placed=true$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expectShownAsText(page, main, name);
    const orderPath = new URL(page.url()).pathname;

    await page.goto('/orders');
    await expectShownAsText(page, main, name);
    await page.goto(orderPath);
    await expectShownAsText(page, main, name);
  });

  test("the admin's product list, edit form and order detail", async ({ page, request }) => {
    const { product, word, name, description } = await hostileProduct(request);
    const order = await guestOrderFor(request, product);
    const main = page.getByRole('main');
    await signInAsAdmin(page);

    await page.goto(`/admin/products?q=${word}`);
    await expectShownAsText(page, main, name);

    await page.goto(`/admin/products/edit/${product._id}`);
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(main.getByLabel('Description')).toHaveValue(description);
    await expectNothingRan(page);

    await page.goto(`/admin/orders/${order._id}`);
    await expectShownAsText(page, main, name);
  });
});

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the shop runs under its Content-Security-Policy without a violation, the sandbox payment page included', async ({ page, request }) => {
  const { product } = await hostileProduct(request);
  // Listening from before any script of the page runs.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // What Chromium says about either policy (a refusal, an unknown feature), and any uncaught error.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const violations = () => page.evaluate(() => window.__cspViolations ?? []);
  const main = page.getByRole('main');

  const screens: [string, Locator][] = [
    ['/', page.getByText('Unlock Your Natural Glow')],
    // Newest first: the shop lists more products than it keeps in the page at once (issue 30's windowed grid).
    ['/products?sort=newest', main.getByRole('link', { name: product.name }).first()],
    [`/product/${product.slug}`, page.getByRole('heading', { level: 1, name: product.name })],
    ['/cart', main],
    ['/checkout', main],
    ['/signin', main.getByRole('button', { name: 'Sign In', exact: true })],
  ];
  for (const [path, shown] of screens) {
    await page.goto(path);
    await expect(shown).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }
  // The service worker (worker-src 'self') registers and activates.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 15_000 })
    .toBe('activated');
  // A toast (react-hot-toast injects its styles) on the way into the admin area.
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await violations(), '/admin').toEqual([]);

  // The sandbox's payment page, served by our server under the same policy: its styles and its form.
  const placed = await request.post('/api/createGuestOrder', {
    data: { ...guestBilling('Efua Mensah'), paymentMethod: 'Mobile Money', cart: [{ productId: product._id, quantity: '1' }] },
  });
  const { order, orderToken } = (await placed.json()) as { order: Order; orderToken: string };
  const started = await request.post('/api/initializePayment', { headers: { 'X-Order-Token': orderToken }, data: { orderId: order._id } });
  const { payment_link: paymentLink, reference } = (await started.json()) as { payment_link: string; reference: string };
  await page.goto(paymentLink);
  await expect(page.getByText('TEST PAYMENT: no money moves')).toBeVisible();
  expect(await page.getByRole('button', { name: 'Approve' }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(30, 125, 50)');
  expect(await violations(), paymentLink).toEqual([]);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout' && url.searchParams.get('reference') === reference);
  expect(await violations(), 'back at the checkout').toEqual([]);
  expect(problems).toEqual([]);

  // The policy is really enforced: a script written into the page is refused, and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  // Reported from wherever the page is by then: the checkout, or the paid order it opens on its own.
  await expect.poll(violations).toEqual([expect.stringMatching(/^\/(checkout|order\/[\w-]+): script-src(-elem)? inline$/)]);
});
