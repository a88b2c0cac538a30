import { signInAsAdmin } from './admin-fixtures';
import { createProduct, expect, placeCashOrder, signIn, test } from './fixtures';

/**
 * Print preview: the admin's order page prints as a packing slip and receipt, the
 * shopper's as a receipt. With the print media the print header (the shop and the order) shows,
 * the lines and totals stay, and the chrome (top bar, side menu, footer) and every button are gone.
 */
test('the order pages print as a packing slip and a receipt', async ({ page, browser, request, account }) => {
  const product = await createProduct(request);
  const order = await placeCashOrder(request, account, product);

  await signIn(page, account);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  const receiptHeader = page.getByTestId('print-header');
  await expect(receiptHeader).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(receiptHeader).toBeVisible();
  await expect(receiptHeader).toContainText('Receipt');
  await expect(receiptHeader).toContainText(order.orderNumber);
  await expect(receiptHeader).toContainText('Pending (Cash on Delivery)');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(product.name);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Total');
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('footer').first()).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The admin, in a fresh context (signing in replaces the shopper's session).
  const adminPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAsAdmin(adminPage);
  await adminPage.goto(`/admin/orders/${order._id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await adminPage.emulateMedia({ media: 'print' });
  const slipHeader = adminPage.getByTestId('print-header');
  await expect(slipHeader).toBeVisible();
  await expect(slipHeader).toContainText('Packing slip and receipt');
  await expect(adminPage.getByRole('table', { name: 'Items' })).toContainText(product.name);
  await expect(adminPage.getByRole('region', { name: 'Order Summary' })).toContainText('Total');
  await expect(adminPage.getByRole('region', { name: 'Customer Information' })).toBeVisible();
  await expect(adminPage.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(adminPage.getByRole('region', { name: 'Order Status' })).toBeHidden();
  await expect(adminPage.getByRole('link', { name: 'Back to Orders' })).toBeHidden();
  await expect(adminPage.getByRole('button', { name: 'Logout' })).toBeHidden();
  await adminPage.close();
});
