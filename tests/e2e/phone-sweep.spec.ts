import type { Page } from '@playwright/test';
import { formatCedis } from '@/shared/money';
import { createProduct, expect, fillBilling, guestBilling, placeCashOrder, signIn, test } from './fixtures';
import { goOffline, goOnline, openOffline, waitUntilOfflineReady } from './offline-fixtures';
import { expectNoProblems, SWEEP_VIEWPORT, settled, sweep } from './phone-sweep-checks';

/**
 * Every shopper page and state on a 360×800 phone, the smallest the shop is built for, in one page
 * going through them (phone-sweep-checks.ts says what is checked): home, a listing, a product (and
 * the moment it is added to the cart), search with and without results, the cart, the checkout with
 * Cash on Delivery and with Mobile Money (with the shop's delivery options: phone-sweep-delivery.spec.ts,
 * which runs where options may exist), the order's confirmation, the orders of a signed-in customer,
 * the order lookup, sign in, sign up, the password reset pages and the offline bar. With
 * E2E_SCREENSHOTS=1 a full-page screenshot of each in reports/screenshots/phone-*.png.
 */
test.use({ viewport: SWEEP_VIEWPORT });

/** The page's own heading is in, its products' buttons have come alive, and no toast is left over. */
/** Once no finite animation runs in the page (a toast's entrance ends where the toast rests; a loading pulse never ends). */
const toastSettled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );

async function pageReady(page: Page, heading?: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first()).toBeVisible();
  await expect(page.locator('[data-starting]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 10_000 });
}

async function open(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  await pageReady(page, heading);
}

/** Out of the field just typed in, as a shopper who has finished typing (the keyboard down). */
const doneTyping = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('every shopper page at 360×800: nothing wider than its box, no text out of its card, nothing over a control or a price', async ({
  page,
  context,
  request,
  account,
}) => {
  test.setTimeout(180_000);
  const product = await createProduct(request, {
    name: `Whipped Shea Butter – Unscented, Extra Rich ${Date.now().toString(36)}`,
    description:
      'Raw unrefined shea butter from Tamale, whipped with coconut oil until light. For dry skin, hair ends and babies; melts on contact and leaves no grease. '.repeat(
        3,
      ),
    price: 360,
  });
  const problems: string[] = [];

  await open(page, '/');
  // The floating chat link is on the page: it is part of what may cover things.
  await expect(page.getByRole('link', { name: /WhatsApp chat/ })).toBeAttached();
  await sweep(page, 'home', problems);

  await open(page, '/products');
  await expect(page.getByRole('button', { name: /^Buy Now/ }).first()).toBeVisible();
  await sweep(page, 'listing', problems);

  await open(page, `/product/${product._id}`, product.name);
  await sweep(page, 'product', problems);

  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  // Where the toast comes to rest, not where its entrance animation happens to be.
  await toastSettled(page);
  await sweep(page, 'product, just added to the cart', problems, ['top']);

  await open(page, '/search?q=shea');
  await expect(page.getByRole('status').filter({ hasText: /products? found/ })).toBeVisible();
  await sweep(page, 'search', problems);

  await open(page, '/search?q=qqxxzzvv');
  await sweep(page, 'search without results', problems);

  await open(page, '/cart', 'Shopping Cart');
  await expect(page.getByText(formatCedis(product.price)).first()).toBeVisible();
  await sweep(page, 'cart', problems);

  await open(page, '/checkout', 'Finalize your purchase');
  await fillBilling(page, guestBilling('Akosua Frimpong-Manso'));
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await doneTyping(page);
  await sweep(page, 'checkout, Cash on Delivery', problems);

  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await expect(page.getByLabel('Mobile Money number')).toBeVisible();
  // The shop takes test payments here: the wallet card with its test numbers open, at its widest.
  await page.getByText(/^Test numbers/).click();
  await expect(page.getByRole('button', { name: /^Use / }).first()).toBeVisible();
  await sweep(page, 'checkout, Mobile Money', problems);

  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await pageReady(page);
  // What happens next reads as a note, not a warning.
  const confirmBy = page.getByText(/The shop will confirm your order by/);
  if (await confirmBy.isVisible()) {
    const background = await confirmBy.evaluate((el) => getComputedStyle(el.parentElement as HTMLElement).backgroundColor);
    expect.soft(background, 'the confirm-by date is no amber warning').not.toBe('rgb(255, 241, 199)');
  }
  await sweep(page, 'order confirmation', problems);

  await open(page, '/orders/lookup');
  await sweep(page, 'order lookup', problems);
  await open(page, '/signin');
  await sweep(page, 'sign in', problems);
  await open(page, '/signup');
  await sweep(page, 'sign up', problems);
  await open(page, '/forgot-password');
  await sweep(page, 'forgot password', problems);
  await open(page, '/reset-password');
  await sweep(page, 'reset password', problems);

  // Offline: the bar under the top bar, on the products the phone kept.
  await open(page, '/');
  await waitUntilOfflineReady(page);
  await goOffline(context);
  await openOffline(page, '/products');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await settled(page);
  await sweep(page, 'offline bar', problems);
  await goOnline(context);

  // A signed-in customer's orders.
  await placeCashOrder(request, account, product);
  await signIn(page, account);
  await open(page, '/orders');
  await expect(page.getByRole('main').getByText(/NK-/).first()).toBeVisible();
  await sweep(page, 'my orders', problems);

  expectNoProblems(problems);
});

test('the floating chat link is an icon on the phone, steps aside while typing or over the page, and shows for the keyboard', async ({ page, request }) => {
  const product = await createProduct(request, { description: 'Cold-pressed baobab oil for dry skin and hair. '.repeat(12) });
  const chat = page.getByRole('link', { name: /WhatsApp chat/ });
  await open(page, `/product/${product._id}`, product.name);
  await expect(chat).toBeAttached();

  // At the bottom the page leaves it room: there, a round icon the size of a tap.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await settled(page);
  await expect(chat).toHaveCSS('opacity', '1');
  const box = await chat.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(48);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await expect(chat).toHaveAccessibleName(/\S – WhatsApp chat \(opens in a new tab\)$/);

  // Typing in a field (the keyboard up): out of the way.
  await page.getByLabel('Quantity').focus();
  await settled(page);
  await expect(chat).toHaveCSS('opacity', '0');
  await expect(chat).toHaveCSS('pointer-events', 'none');

  // Over the description: out of the way too, yet still reached with the keyboard, and then shown.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const description = page.getByText(/Cold-pressed baobab oil/).first();
  await description.evaluate((el) => {
    const box = el.getBoundingClientRect();
    // Its lines run on below the screen's edge: full lines under the corner.
    window.scrollBy({ top: box.bottom - window.innerHeight - 100, behavior: 'instant' });
  });
  await settled(page);
  await expect(chat).toHaveCSS('opacity', '0');
  // From the footer's last control, the next Tab.
  await page.getByRole('contentinfo').locator('a[href], button, input, select').last().focus();
  await page.keyboard.press('Tab');
  await expect(chat).toBeFocused();
  await expect(chat).toHaveCSS('opacity', '1');
});
