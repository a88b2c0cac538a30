import type { APIRequestContext, Page } from '@playwright/test';
import { formatCedis } from '@/shared/money';
import type { Order, Product } from '@/shared/types';
import { adminApi, openAdminPage, signInAsAdmin } from './admin-fixtures';
import { createAccount, createProduct, expect, keepScreenshot, placeCashOrder, png, signIn, test, unique } from './fixtures';

/**
 * The admin running the shop from a tablet (1024×768) against the real server. Each
 * test makes its own products and orders, so the storefront tests running beside it are untouched.
 * With E2E_SCREENSHOTS=1, tablet screenshots of the main admin screens go to reports/screenshots.
 */

interface DashboardStats {
  totalSales: number;
  totalOrders: number;
  totalCustomers: number;
}

const makeProduct = (request: APIRequestContext, overrides: { stock?: number; price?: number } = {}) =>
  createProduct(request, { name: unique('Test Baobab Balm'), ...overrides });

/** A new customer's Cash-on-Delivery order for two of one product, placed through the API. */
async function customerOrder(request: APIRequestContext, product: Product) {
  const account = await createAccount(request, 'Adwoa Sarpong');
  return { account, order: await placeCashOrder(request, account, product, 2) };
}

const cardValue = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

const tabletShots = (project: string) => (project === 'tablet' ? (page: Page, name: string) => keepScreenshot(page, `admin-${name}`) : null);

test('the admin signs in, lands on the dashboard, and its cards match the database', async ({ page, request }, testInfo) => {
  const shot = tabletShots(testInfo.project.name);
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const api = await adminApi(request);
  // Other tests place orders meanwhile: read the figures and the screen until they agree.
  await expect(async () => {
    await page.reload();
    const stats = await api.get<DashboardStats>('getDashboardStats');
    await expect(cardValue(page, 'Total Sales')).toHaveText(formatCedis(stats.totalSales), { timeout: 3000 });
    await expect(cardValue(page, 'Total Orders')).toHaveText(stats.totalOrders.toLocaleString('en-GB'), { timeout: 3000 });
    await expect(cardValue(page, 'Total Customers')).toHaveText(stats.totalCustomers.toLocaleString('en-GB'), { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /sales over the last 30 days/i })).toBeVisible();
  await shot?.(page, 'dashboard');
});

test('the admin adds a product with two images and shoppers find it in the shop', async ({ page, request }, testInfo) => {
  const shot = tabletShots(testInfo.project.name);
  const name = unique('Moringa Glow Serum');
  await signInAsAdmin(page);
  await openAdminPage(page, 'Add Product');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

  const form = page.getByRole('main');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price (₵)').fill('85.50');
  await form.getByLabel('Stock', { exact: true }).fill('14');
  await form.getByLabel('Category').selectOption('Skin');
  await form.getByLabel('Description').fill('Cold-pressed moringa serum for an even glow.');
  await form.getByLabel('Image files to add').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await png('#3f7d3a') },
    { name: 'back.png', mimeType: 'image/png', buffer: await png('#d9b26f') },
  ]);
  await expect(form.getByRole('img', { name: 'Image 2' })).toBeVisible();
  await form.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/?(\?.*)?$/);
  await shot?.(page, 'products');

  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('₵85.50');
  // Both images were stored, in order, as the shop's WebP sizes.
  // The search forgives typos, so other workers' products of a like name may match too: this one is the one named so.
  const found = (await (await request.get('/api/getProducts', { params: { q: name } })).json()) as { data: Product[] };
  const stored = found.data.filter((product) => product.name === name);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.productImageUrls).toEqual([expect.stringMatching(/^\/uploads\/.+-640\.webp$/), expect.stringMatching(/^\/uploads\/.+-640\.webp$/)]);
  await expect(page.getByRole('main').locator(`img[src="${stored[0]?.productImageUrls[0]}"]`).first()).toBeVisible();
});

test('a stock set to 3 shows under Low Stock and on the dashboard', async ({ page, request }) => {
  const product = await makeProduct(request, { stock: 20 });
  await signInAsAdmin(page);
  await page.goto(`/admin/products/edit/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  const stock = page.getByRole('main').getByLabel('Stock', { exact: true });
  await expect(stock).toHaveValue('20');
  await stock.fill('3');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();

  await openAdminPage(page, 'Low Stock');
  await expect(page.getByRole('heading', { level: 1, name: 'Low Stock' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(product.name) })).toContainText('3');

  await openAdminPage(page, 'Dashboard');
  await expect(page.getByRole('region', { name: 'Low Stock Alerts' })).toContainText(product.name);
});

test('the admin moves an order through Processing, Shipped and Delivered, and the customer sees Delivered', async ({ page, browser, request }, testInfo) => {
  const shot = tabletShots(testInfo.project.name);
  const product = await makeProduct(request);
  const { account, order } = await customerOrder(request, product);

  await signInAsAdmin(page);
  await openAdminPage(page, 'Orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
  await page.getByRole('link', { name: `View order ${order.orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(account.email);
  await expect(page.getByRole('main')).toContainText(formatCedis(order.total));

  const status = page.getByRole('combobox', { name: 'Order status' });
  for (const next of ['Processing', 'Shipped', 'Delivered']) {
    await status.selectOption(next);
    await expect(page.getByText(`Order status updated to ${next}`)).toBeVisible();
    await expect(status).toBeEnabled();
  }
  await shot?.(page, 'order');
  const api = await adminApi(request);
  expect((await api.get<{ order: Order }>(`getOrderById/${order._id}`)).order.orderStatus).toBe('Delivered');

  // The customer's own view, in a browser of their own.
  const customer = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const customerPage = await customer.newPage();
  await signIn(customerPage, account);
  await customerPage.goto('/orders');
  await expect(customerPage.getByRole('article', { name: `Order ${order.orderNumber}` })).toContainText('Delivered');
  await customer.close();

  // The customer's profile, reached from the order's account link.
  if (order.user) {
    await page.goto(`/admin/customers/${order.user._id}`);
    await expect(page.getByRole('heading', { level: 1, name: account.fullName })).toBeVisible();
    await expect(page.getByRole('link', { name: order.orderNumber })).toBeVisible();
    await shot?.(page, 'customer-profile');
  }
});

test.describe('a refused status change', () => {
  // The refusal is made with page.route, which never sees a request the service worker makes (it
  // starts controlling the page once the tablet is idle): this test runs without it.
  test.use({ serviceWorkers: 'block' });

  test('a status change the server refuses is put back with "Failed to update order status"', async ({ page, request }) => {
    const product = await makeProduct(request);
    const { order } = await customerOrder(request, product);
    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${order._id}`);
    const status = page.getByRole('combobox', { name: 'Order status' });
    await expect(status).toHaveValue('Pending');

    await page.route('**/api/updateOrderStatusById/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong."}' }),
    );
    await status.selectOption('Shipped');
    await expect(page.getByText('Failed to update order status').first()).toBeVisible();
    await expect(status).toHaveValue('Pending');
    const api = await adminApi(request);
    expect((await api.get<{ order: Order }>(`getOrderById/${order._id}`)).order.orderStatus).toBe('Pending');
  });
});
