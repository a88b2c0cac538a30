import type { Request } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures';
import { expect, test } from './fixtures';

/**
 * Issue 44, real shoppers' speed: a storefront page view sends one beacon to POST /api/vitals once
 * the page is hidden (its route id, never its URL), and the admin's dashboard then counts the visit.
 */
test('a page view sends one speed beacon when hidden, and the dashboard shows the visit', async ({ page }) => {
  const beacons: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/vitals') beacons.push(request);
  });
  // The measuring code arrives on its own, once the phone is idle after the first screen.
  const measuring = page.waitForResponse((response) => /\/assets\/real-speed-[^/]+\.js$/.test(response.url()));
  await page.goto('/our-brand');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await measuring;

  // The shopper switches away: the page is hidden (as the browser says it when a tab goes to the
  // background). Hidden again and again, the page view still sends one beacon.
  const hide = () =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/vitals');
  await expect(async () => {
    await hide();
    expect(beacons.length).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  // Answered before the page moves on (a beacon still in flight when it does is reported as cut off).
  expect((await answered).status()).toBe(204);
  await hide();
  await page.goto('/');
  expect(beacons).toHaveLength(1);

  const [beacon] = beacons;
  const sent = JSON.parse(beacon?.postData() ?? '{}') as { route: string; metrics: Record<string, number> };
  expect(sent.route).toBe('/our-brand');
  expect(Object.keys(sent.metrics).length).toBeGreaterThan(0);
  expect(JSON.stringify(sent)).not.toContain('http');

  // The owner sees it on the dashboard.
  await signInAsAdmin(page);
  const speed = page.getByRole('table', { name: 'How fast your shop is for shoppers' });
  // At phone width each cell also says its column's name (components/cell-labels).
  const row = speed.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Our brand$/ }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').last()).toHaveText(/[1-9][\d,]*$/);
  await expect(row.getByText('Good').first()).toBeVisible();
});
