import { expect, SHOP_NAME, test } from './fixtures';

/**
 * First paint without JavaScript (ARCHITECTURE section 6): the server renders the home page with its
 * data, its styles inline in the head (the service worker's index.html is the same page drawn at build
 * time, without products).
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
    await expect(page.getByRole('link', { name: new RegExp(`^${SHOP_NAME}, home$`) })).toBeVisible();
    // The server drew the products too: Best Sellers with their prices.
    await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('₵');
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
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  console.log(`home layout shift while React takes over: ${shifts.toFixed(4)}`);
  expect(shifts).toBeLessThanOrEqual(0.05);
});

test("the shop page's first card images come with the page, and no image is fetched twice", async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/uploads/')) fetched.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/products');
  // The server names the first two cards' images (Link: rel=preload) with the cards' own srcset and
  // sizes: with any other, the browser would pick another width for the card than for the hint.
  const hinted = [...(response?.headers().link ?? '').matchAll(/rel=preload; as=image; imagesrcset="([^"]+)"; imagesizes="([^"]+)"/g)].map((m) => ({
    srcset: m[1],
    sizes: m[2],
  }));
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('img');
  await expect(cards.first()).toHaveJSProperty('complete', true);
  const firstCards = await cards.evaluateAll((images) =>
    images.slice(0, 2).map((img) => ({ srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') })),
  );
  expect(hinted).toEqual(firstCards);
  const key = (file: string) => file.replace(/-\d+\.webp$/, '');
  expect(new Set(fetched.map(key)).size).toBe(fetched.length);
});

/**
 * On a slow phone the drawn home page shows a second or two before the app takes it over. A tap on
 * Menu or Search meanwhile is not lost: the app acts on it once it is in charge. The app's code (all
 * but the tiny entry) is held back here, so the tap lands in that gap.
 */
test('one tap on Menu or on Search before the app has taken over the drawn page still opens it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'Menu and the Search toggle are the phone layout');
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  for (const [button, opened] of [
    ['Menu', page.getByRole('dialog', { name: 'Menu' })],
    ['Search', page.getByRole('combobox', { name: /search/i })],
  ] as const) {
    // The entry asking for the first stage of the app: it is listening, and the app is not in charge yet.
    const appAsked = page.waitForRequest(/\/assets\/vendor-[^/]+\.js$/);
    await page.goto('/');
    await appAsked;
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(opened, `${button}, tapped once before the app took over`).toBeVisible({ timeout: 20_000 });
  }
});
