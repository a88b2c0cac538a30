import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-fixtures';
import { addToCart, createProduct, expect, fillBilling, guestBilling, openMenu, openSearch, placeCashOrder, signIn, test, unique } from './fixtures';

/**
 * axe on the storefront pages whose layout changes with the screen, and on the states that add
 * something to the page (the open menu, the search list, dialogs, form errors, toasts), at phone and
 * tablet size; the one-column pages are in a11y-forms.spec.ts, at phone size. Each test is one
 * shopper going through their pages in one browser, so a sign-in or a cart is made once.
 */

// axe reads colours at one instant: the chat label's fade every 3 s or a toast sliding in would be
// measured half-drawn. With reduced motion (which the app honours) every state is shown settled.
test.use({ reducedMotion: 'reduce' });

/**
 * One category page: the five are one route and one template (a heading, its hero and the product
 * cards /products already shows), so scanning each again found nothing new for 20-30 s a size.
 */
const CATEGORY_PAGE = ['/hair', 'Hair'] as const;

/** Below 1024 px the categories and the account are in the slide-in menu. */
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

/** The page's product cards have come in (no skeletons left in the grid). */
async function expectProductCards(page: Page) {
  await expect(
    page
      .getByRole('main')
      .getByRole('button', { name: /^Add to Cart: / })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);
}

test('a guest: home with its menu and search list, the shop, a category, a product, search results and the empty cart', async ({ page, request }) => {
  // Ten scans, each after its animations settle (2-10 s a scan on a loaded two-core machine).
  test.setTimeout(180_000);
  // Its name holds 'shea': the searches below find at least this product.
  const product = await createProduct(request, { name: `${unique('Shea')} Body Butter` });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeVisible();
  await expectProductCards(page);
  await expectNoSeriousViolations(page, 'home');

  if (await menuButton(page).isVisible()) {
    await openMenu(page);
    await expectNoSeriousViolations(page, 'home, menu open');
    await page.getByRole('button', { name: 'Close menu' }).click();
  }

  const search = await openSearch(page);
  await search.fill('shea');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'home, search list open');

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'PRODUCTS' })).toBeVisible();
  await expectProductCards(page);
  await expectNoSeriousViolations(page, '/products');

  const [categoryPath, categoryHeading] = CATEGORY_PAGE;
  await page.goto(categoryPath);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(categoryHeading, 'i') })).toBeVisible();
  await expectProductCards(page);
  await expectNoSeriousViolations(page, categoryPath);

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: /similar/i })).toBeVisible();
  await expectNoSeriousViolations(page, '/product/{id}');

  await page.goto('/search?q=shea');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for "shea"' })).toBeVisible();
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  await expectNoSeriousViolations(page, '/search?q=shea');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/cart');
});

test('a guest with items: a toast, the cart, the checkout and its errors, the order confirmation and the device orders', async ({ page, request }) => {
  test.setTimeout(180_000);
  const product = await createProduct(request);

  await addToCart(page, product, 2);
  await expectNoSeriousViolations(page, '/product/{id}, added-to-cart toast');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: product.name })).toBeVisible();
  await expectNoSeriousViolations(page, '/cart with items');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(product.name);
  await expectNoSeriousViolations(page, '/checkout with items');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expectNoSeriousViolations(page, '/checkout, errors shown');

  await fillBilling(page, guestBilling('Akua Donkor'));
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expectNoSeriousViolations(page, '/order/{id}?placed=true (confirmation)');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousViolations(page, "/orders, signed out with this device's order");
});

test('a signed-in customer: welcome toast, orders, order detail, the account menu and Edit Profile with its error', async ({ page, request, account }) => {
  test.setTimeout(180_000);
  const product = await createProduct(request);
  const order = await placeCashOrder(request, account, product);

  await signIn(page, account);
  await expectNoSeriousViolations(page, 'home, signed in, welcome toast');

  await page.goto('/orders');
  await expect(page.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expectNoSeriousViolations(page, '/orders');

  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(product.name);
  await expectNoSeriousViolations(page, '/order/{id}');

  // The account actions: in the slide-in menu on a phone, in the profile menu from 1024 px.
  if (await menuButton(page).isVisible()) {
    await openMenu(page);
    await expectNoSeriousViolations(page, '/order/{id}, menu open, signed in');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousViolations(page, '/order/{id}, profile menu open');
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'Edit Profile dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Please provide at least one field to update.')).toBeVisible();
  await expectNoSeriousViolations(page, 'Edit Profile dialog, error shown');
});

test('the iOS install steps (iOS never offers an install prompt, so the shop explains Add to Home Screen)', async ({ page }) => {
  // detectIos reads the user agent: an iPhone's.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'userAgent', {
      get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    });
  });
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Install app' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' })).toBeVisible();
  await expectNoSeriousViolations(page, 'iOS install steps dialog');
});
