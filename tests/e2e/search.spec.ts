import { createProduct, expect, test, unique } from './fixtures';

/**
 * The search's way past typos and dead ends, on the real server and database: two typos in a short
 * query still find the product, and a search that finds nothing offers ways on.
 */
test('two typos in a short query find the product; a search that finds nothing offers WhatsApp, the categories and best sellers', async ({ page, request }) => {
  const product = await createProduct(request, { name: `${unique('Tigernut')} Mango Kernel Butter`, category: 'Skin' });

  // 'mnago kernle': a swap in each word (as typed on a phone: 'shae buter' and the like).
  await page.goto(`/search?q=${encodeURIComponent('mnago kernle')}`);
  await expect(page.getByRole('link', { name: new RegExp(product.name) }).first()).toBeVisible();

  const words = `zzq ${Date.now().toString(36)}`;
  await page.goto(`/search?q=${encodeURIComponent(words)}`);
  await expect(page.getByRole('status').filter({ hasText: 'No products found' })).toBeVisible();
  const chat = page.getByRole('link', { name: 'Ask us on WhatsApp (opens in a new tab)' });
  const chatUrl = new URL((await chat.getAttribute('href')) ?? '');
  expect(chatUrl.hostname).toBe('wa.me');
  expect(chatUrl.searchParams.get('text')).toContain(`"${words}"`);
  await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name: 'Skin', exact: true }).click();
  await expect(page).toHaveURL(/\/skin(\?|$)/);
});
