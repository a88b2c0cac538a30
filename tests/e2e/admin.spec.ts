import type { ShopSettings } from '@/shared/types';
import { adminApi, DEMO_ADMIN, openAdminPage, signInAsAdmin, submitSignIn, withShopSettingsLock } from './admin-fixtures';
import { createAccount, expect, signIn, test } from './fixtures';

/**
 * The admin area on a landscape tablet (1024×768), against the real
 * server and its demo shop. The admin is the seeded demo admin.
 */

/** Calls only an admin may make: a customer's visit to /admin must not send any of them. */
const ADMIN_CALLS = /\/api\/(getDashboardStats|getAllOrders|getAllUsers|getUserById|getContactMessages|promoCodes|getLowStockProducts)\b/;

test('a signed-out visitor opening /admin/orders signs in first and comes back to /admin/orders', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.searchParams.get('redirect') === '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await submitSignIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute('aria-current', 'page');
});

test("a customer opening /admin sees 'Admins only' and no admin data", async ({ page, request }) => {
  const account = await createAccount(request, 'Kofi Owusu');
  await signIn(page, account);
  const adminCalls: string[] = [];
  page.on('request', (req) => {
    if (ADMIN_CALLS.test(req.url())) adminCalls.push(req.url());
  });

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await expect(page.getByText('You need an admin account to open the admin area.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByText('Total Sales')).toHaveCount(0);

  // The same for a page deeper in: the settings form never shows.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await expect(page.getByLabel('Shop name')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
});

test('the admin changes the shop name and phone in Settings; the admin top bar and the storefront footer show them', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const shopName = 'Shea Haven Tablet';
  const phone = '+233 20 555 0101';

  await withShopSettingsLock(async () => {
    const { data: original } = await api.get<{ data: ShopSettings }>('settings');
    try {
      await signInAsAdmin(page);
      await openAdminPage(page, 'Settings');
      await expect(page).toHaveURL((url) => url.pathname === '/admin/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

      const shopInfo = page.getByRole('region', { name: 'Shop Information' });
      await expect(shopInfo.getByLabel('Shop name', { exact: true })).toHaveValue(original.shopName);
      await expect(shopInfo.getByLabel('Phone', { exact: true })).toHaveValue(original.phone);
      await shopInfo.getByLabel('Shop name', { exact: true }).fill(shopName);
      await shopInfo.getByLabel('Phone', { exact: true }).fill(phone);
      await shopInfo.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Shop settings updated successfully')).toBeVisible();

      // The server holds them, and only them changed.
      const { data: stored } = await api.get<{ data: ShopSettings }>('settings');
      expect(stored).toEqual({ ...original, shopName, phone });

      // Without a reload: the admin top bar, then the storefront reached through 'Home Page'.
      await expect(page.getByRole('banner').getByRole('link', { name: shopName })).toBeVisible();
      await page.getByRole('link', { name: 'Home Page' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: shopName })).toBeVisible();
      await expect(footer.getByRole('link', { name: phone })).toBeVisible();
      await expect(footer.getByText(original.phone, { exact: true })).toHaveCount(0);
    } finally {
      // Put the shop back as it was for every other test (the logo URL echoed back keeps the logo).
      await api.patch('settings', original);
    }
    const { data: restored } = await api.get<{ data: ShopSettings }>('settings');
    expect(restored).toEqual(original);
  });
});
