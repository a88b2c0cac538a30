import type { Locator, Page } from '@playwright/test';
import { addToCart, createProduct, expect, test, unique } from './fixtures';

/**
 * The cart's toasts on a small phone (360×800): below the top bar, never over the cart's icon;
 * '{name} added to cart' (the spec's words) with a View cart link; one toast of each kind at a time.
 */
test.use({ viewport: { width: 360, height: 800 } });

/** Whether what shows at the centre of `target` is `target` itself (or inside it): nothing covers it. */
const uncovered = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  });

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /cart/i }).first();

test("'added to cart' shows below the top bar with View cart; the cart's + and − keep one 'Quantity updated'", async ({ page, request }) => {
  const product = await createProduct(request, { name: `${unique('Hibiscus')} Hair Rinse`, stock: 10 });
  await addToCart(page, product, 1);

  const toast = page.getByRole('status').filter({ hasText: `${product.name} added to cart` });
  await expect(toast).toBeVisible();
  const bar = await page.getByRole('banner').boundingBox();
  // Polled: the toast slides in from above the screen, and rests below the bar.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
  // The cart's icon stays in view and in reach while the toast shows.
  expect(await uncovered(cartLink(page))).toBe(true);

  // Beside the toast's words (outside their live region: a link is no news).
  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('spinbutton', { name: new RegExp(product.name) })).toHaveValue('1');

  const increase = page.getByRole('button', { name: `Increase quantity of ${product.name}` });
  for (const expected of ['2', '3', '4']) {
    await increase.click();
    await expect(page.getByRole('spinbutton', { name: new RegExp(product.name) })).toHaveValue(expected);
  }
  await page.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await expect(page.getByRole('spinbutton', { name: new RegExp(product.name) })).toHaveValue('3');
  await expect(page.getByText('Quantity updated', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Quantity updated', { exact: true })).toBeVisible();
});
