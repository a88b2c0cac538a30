import { readFile } from 'node:fs/promises';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { expectNoSeriousViolations } from './a11y-fixtures';
import { signInAsAdmin } from './admin-fixtures';
import { createProduct, expect, test, unique } from './fixtures';

/**
 * The owner's tablet, both ways round: a WhatsApp order recorded in the admin area, then
 * seen in Orders and its buyer in Customers (a guest), the orders exported as CSV and read back, and
 * the order page's print preview. The `tablet` project turns the tablet itself.
 */
const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
] as const;

/** A Ghanaian mobile number of this test's own, so the guest buyer it makes is its alone. */
const ownPhone = () => `024${String(Date.now() % 10_000_000).padStart(7, '0')}`;

test('a WhatsApp order recorded on the tablet: in Orders, its buyer in Customers, in the CSV export and on the printed slip', async ({ page, request }) => {
  const product = await createProduct(request, { price: 38.5, stock: 10 });
  await signInAsAdmin(page);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const customer = unique('Auntie Akos');
    const phone = ownPhone();
    await page.goto('/admin/orders');
    await page.getByRole('link', { name: 'Record an order' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Record an order' })).toBeVisible();

    await page.getByLabel('Find a product').fill(product.name);
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
    await page.getByLabel(`Quantity of ${product.name}`).fill('2');
    await page.getByLabel('Full name').fill(customer);
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByLabel('City').fill('Madina');
    await page.getByRole('textbox', { name: /^Address/ }).fill('Madina market, stall 12');
    await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
    const total = toCedis(toPesewas(product.price) * 2);
    await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(formatCedis(total));
    await expectNoSeriousViolations(page, `record an order ${size.width}x${size.height}`);

    await page.getByRole('button', { name: 'Record order' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Entered by the shop')).toBeVisible();
    const orderPage = page.url();
    const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Order\s+/, '').trim();

    // In Orders, found by its number; its buyer in Customers, as a guest.
    await page.goto(`/admin/orders?q=${encodeURIComponent(orderNumber)}`);
    await expect(page.getByRole('main')).toContainText(customer);
    await page.goto(`/admin/customers?kind=guest&q=${phone}`);
    await expect(page.getByRole('main')).toContainText(customer);
    await expect(page.getByRole('main')).toContainText('Guest');

    if (size.width === 1024) {
      // Export the orders the search selects, and read the file back.
      await page.goto(`/admin/orders?q=${encodeURIComponent(orderNumber)}`);
      await expect(page.getByRole('main')).toContainText(customer);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
      const row = lines.find((line) => line.includes(orderNumber));
      expect(row).toBeDefined();
      expect(row).toContain(product.name);
      expect(row).toContain(phone);
      expect(row).toContain(String(total));

      // The packing slip: the lines and totals on paper, the admin's chrome not.
      await page.goto(orderPage);
      await expect(page.getByText('Entered by the shop')).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-header')).toContainText(orderNumber);
      await expect(page.getByRole('table', { name: 'Items' })).toContainText(product.name);
      await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(formatCedis(total));
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
    }
  }
});
