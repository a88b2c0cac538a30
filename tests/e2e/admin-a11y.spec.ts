import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-fixtures';
import { openAdminPage, signInAsAdmin } from './admin-fixtures';
import { createAccount, createProduct, expect, placeCashOrder, test } from './fixtures';

/**
 * axe on every admin page at both tablet sizes, with the states that add something to the page:
 * form errors, the delete confirmation and a toast. One admin session goes through them all; the
 * data it shows (an order, its customer, a message) is made through the API first, and nothing the
 * other tests rely on is changed.
 */

// axe reads colours at one instant: a toast sliding in or a dialog fading in would be measured
// half-drawn. With reduced motion (which the app honours) every state is shown settled.
test.use({ reducedMotion: 'reduce' });

/** Sends a form empty or invalid and waits for its errors (every admin form marks refused fields). */
async function submitForErrors(page: Page, submit: Locator) {
  await submit.click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
}

test('every admin page, its form errors, the delete confirmation and a toast', async ({ page, request }) => {
  // Eighteen scans of 4-12 s each on a slow day of the two-core machine (it ran out of 180 s at the last form).
  test.setTimeout(300_000);
  const product = await createProduct(request);
  const account = await createAccount(request, 'Yaa Asantewaa');
  const order = await placeCashOrder(request, account, product);
  const contact = await request.post('/api/contact', {
    data: { name: 'Kojo Antwi', email: account.email, subject: 'Delivery to Ho', message: 'Do you deliver to the Volta Region?' },
  });
  expect(contact.ok()).toBe(true);

  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Orders' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, '/admin (dashboard)');

  await openAdminPage(page, 'All Products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/products');
  // Delete is in each row's More menu.
  await page
    .getByRole('button', { name: /^More actions for / })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'See in the shop' })).toBeFocused();
  await expectNoSeriousViolations(page, '/admin/products, a row menu open');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/products, delete confirmation open');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await openAdminPage(page, 'Add Product');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/products/add');
  await submitForErrors(page, page.getByRole('button', { name: 'Add Product', exact: true }));
  await expectNoSeriousViolations(page, '/admin/products/add, errors shown');

  await page.goto(`/admin/products/edit/${product._id}`);
  const name = page.getByRole('main').getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(product.name);
  await expectNoSeriousViolations(page, '/admin/products/edit/{id}');
  // Invalid, not saved: a blank name and a negative price.
  await name.fill('');
  await page.getByRole('main').getByLabel('Price (₵)').fill('-1');
  await submitForErrors(page, page.getByRole('button', { name: 'Save Changes' }));
  await expectNoSeriousViolations(page, '/admin/products/edit/{id}, errors shown');

  await openAdminPage(page, 'Low Stock');
  await expect(page.getByRole('heading', { level: 1, name: 'Low Stock' })).toBeVisible();
  await expect(page.getByRole('row').nth(1).or(page.getByText('No products are low on stock.'))).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/products/low-stock');

  await openAdminPage(page, 'Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: `View order ${order.orderNumber}` })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/orders');

  await page.getByRole('link', { name: `View order ${order.orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/orders/{id}');
  // The test's own order: moving it on shows a toast.
  await page.getByRole('combobox', { name: 'Order status' }).selectOption('Processing');
  await expect(page.getByText('Order status updated to Processing')).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/orders/{id}, status toast');

  await openAdminPage(page, 'Customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/customers');

  await page.goto(`/admin/customers/${order.user!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: account.fullName })).toBeVisible();
  await expect(page.getByRole('link', { name: order.orderNumber })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/customers/{id}');

  await openAdminPage(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages, newest first' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/messages');

  await openAdminPage(page, 'Promo Codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('SAVE10');
  await expectNoSeriousViolations(page, '/admin/promo-codes');
  await submitForErrors(page, page.getByRole('button', { name: 'Add code' }));
  await expectNoSeriousViolations(page, '/admin/promo-codes, errors shown');

  await openAdminPage(page, 'Settings');
  const shopInfo = page.getByRole('region', { name: 'Shop Information' });
  await expect(shopInfo.getByLabel('Shop name', { exact: true })).not.toHaveValue('');
  await expectNoSeriousViolations(page, '/admin/settings');
  await submitForErrors(page, page.getByRole('button', { name: 'Change Password' }));
  await expectNoSeriousViolations(page, '/admin/settings, password errors shown');
});
