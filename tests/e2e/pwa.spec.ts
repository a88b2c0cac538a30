import sharp from 'sharp';
import { expect, test } from './fixtures';
import { waitUntilOfflineReady } from './offline-fixtures';

/**
 * The built app meets the installability criteria: the manifest Chromium reads (fields, icons of
 * the right sizes including a maskable one, start_url inside scope), the service worker with a fetch
 * handler that controls the page and answers a reload offline, and Chromium's own verdict.
 */

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

test('the manifest and the service worker make the shop installable', async ({ page, context, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href ?? '');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();

  expect(manifest).toMatchObject({ name: 'Nkuto Naturals', short_name: 'Nkuto', display: 'standalone', scope: '/' });
  expect(manifest.description).toEqual(expect.any(String));
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const base = new URL(page.url());
  const startUrl = new URL(manifest.start_url, base);
  expect(startUrl.origin).toBe(base.origin);
  expect(startUrl.pathname.startsWith(new URL(manifest.scope, base).pathname)).toBe(true);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Shop', '/products'],
    ['Cart', '/cart'],
    ['My Orders', '/orders'],
  ]);

  // Every image is there, of the type and the pixel size the manifest says.
  const images: ManifestImage[] = [...manifest.icons, ...manifest.screenshots];
  for (const image of images) {
    const file = await request.get(image.src);
    expect(file.ok(), image.src).toBe(true);
    expect(file.headers()['content-type']).toBe(image.type);
    const { width, height } = await sharp(await file.body()).metadata();
    expect(`${width}x${height}`, image.src).toBe(image.sizes);
  }
  const icons = manifest.icons as ManifestImage[];
  expect(icons.some((i) => i.sizes === '192x192' && (i.purpose ?? 'any').includes('any'))).toBe(true);
  expect(icons.some((i) => i.sizes === '512x512' && (i.purpose ?? 'any').includes('any'))).toBe(true);
  expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  expect((manifest.screenshots as ManifestImage[]).map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

  // iOS reads its own tags.
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');

  // The worker controls the page and its fetch handler answers a reload with no network.
  await waitUntilOfflineReady(page);
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  expect(worker).toBe(`${base.origin}/sw.js`);
  const script = await (await request.get('/sw.js')).text();
  expect(script).toMatch(/addEventListener\(\s*["'`]fetch["'`]/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeVisible();
  await context.setOffline(false);

  // Chromium's own installability check finds nothing missing. Playwright's contexts are incognito
  // profiles, where Chromium never offers to install ('in-incognito'): every other criterion holds.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});
