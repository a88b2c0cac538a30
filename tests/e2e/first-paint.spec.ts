import { expect, test } from './fixtures';

/**
 * First paint without JavaScript (ARCHITECTURE section 6): index.html carries the shell and the home
 * hero rendered at build time, styled by stylesheets linked in the head.
 */
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the shell and the hero: heading, text, first slide and Shop Now', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured products' });
    await expect(hero.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeVisible();
    // Phones hide the tagline by design; it is in the page for every size.
    await expect(hero.getByText('Discover the beauty of nature with our premium skincare products.')).toBeAttached();
    await expect(hero.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
    const slide = hero.getByRole('img', { name: 'An open jar of raw shea butter with shea nuts and green leaves' });
    await expect(slide).toBeVisible();
    // Styled, not bare markup: the slide fills the hero's width.
    const box = await slide.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    await expect(page.getByRole('link', { name: 'Nkuto Naturals, home' })).toBeVisible();
    // No product data is baked into the page: the sections wait for the catalogue.
    await expect(page.getByRole('main')).not.toContainText('₵');
  });
});

test('React takes over the built-in home page without moving it', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  // React starts right after the first paint; once it runs, the carousel's controls work.
  await expect(async () => {
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  console.log(`home layout shift while React takes over: ${shifts.toFixed(4)}`);
  expect(shifts).toBeLessThanOrEqual(0.05);
});
