import { expect, test } from '@playwright/test';

test('the built shop opens on a phone with the demo catalogue and its images', async ({ page, request }) => {
  const api = await request.get('/api/getProducts');
  expect(api.ok()).toBe(true);
  const { data } = await api.json();
  expect(data.length).toBeGreaterThanOrEqual(30);
  const image = await request.get(data[0].productImageUrls[0]);
  expect(image.headers()['content-type']).toBe('image/webp');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Unlock Your Natural Glow' })).toBeVisible();
  const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(products).toHaveCount(data.length);
  await expect(products.first()).toContainText('₵');
  const firstImage = products.first().getByRole('img');
  await firstImage.scrollIntoViewIfNeeded();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('an unknown client route gets the app shell, then the 404 text', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
