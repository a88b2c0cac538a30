import type { Locator } from '@playwright/test';
import { adminApi, signInAsAdmin } from './admin-fixtures';
import { createProduct, expect, placeCashOrder, test, unique } from './fixtures';

/**
 * What the owner trips over on the tablet (issue 45): orders named by their NK- number everywhere,
 * a phone order recorded as confirmed, a paid order cancelled only once the owner has read what
 * follows, and the orders list and Messages table readable at a portrait tablet's 768 px.
 */
const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };

/**
 * The words in `root`'s text that the browser laid out over two lines: a word broken in its middle
 * ('receiv|ed', 'akosua.men|sah'). A word ends at a space or after a hyphen (where a line may end
 * too: 'Mensah-|Boateng'); an e-mail's pieces between its `<wbr>`s are text nodes of their own, so
 * a break where one is allowed is no broken word.
 */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[^\s-]+-?|-/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** '14:05' in the shop's time zone, as the list shows the time of day. */
const shopTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Accra' }).format(new Date(iso));

test('a phone order is recorded as Processing, named by its NK- number on the dashboard', async ({ page, request }) => {
  const product = await createProduct(request, { price: 25, stock: 10 });
  await signInAsAdmin(page);
  await page.setViewportSize(PORTRAIT);
  await page.goto('/admin/orders/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Record an order' })).toBeVisible();
  // Worded for the owner, who chooses for the customer.
  await expect(
    page
      .getByRole('combobox', { name: /^Region/ })
      .getByRole('option')
      .first(),
  ).toHaveText('Choose the customer’s region');
  await expect(page.getByRole('group', { name: 'Order status' }).getByRole('radio', { name: /^Processing/ })).toBeChecked();

  await page.getByLabel('Find a product').fill(product.name);
  await page.getByRole('button', { name: `Add ${product.name}` }).click();
  await page.getByLabel('Full name').fill(unique('Auntie Akos'));
  await page.getByLabel('Phone', { exact: true }).fill('0245550101');
  await page.getByLabel('City').fill('Madina');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Madina market, stall 12');
  await page.getByRole('button', { name: 'Record order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order NK-/);
  const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Order\s+/, '').trim();
  expect(orderNumber).toMatch(/^NK-[0-9A-Z]{6}$/);
  const header = page.getByRole('main').locator('header').first();
  await expect(header).toContainText('Order status');
  await expect(header).toContainText('Processing');
  await expect(header).toContainText('Payment');

  await page.goto('/admin');
  const recent = page.getByRole('region', { name: 'Recent Orders' });
  await expect(recent.getByRole('link', { name: orderNumber })).toBeVisible();
  // No id tails: every order there is named by its number.
  for (const link of await recent.getByRole('row').getByRole('link').all()) await expect(link).toHaveText(/^NK-[0-9A-Z]{6}$/);
});

test('cancelling a paid order asks first, saying the customer is messaged and the refund due', async ({ page, request }) => {
  const product = await createProduct(request, { price: 40, stock: 10 });
  const email = `${unique('paid').replace(/\W+/g, '-').toLowerCase()}@example.com`;
  const account = { fullName: 'Efua Paid', email, password: 'shea-butter-2026' };
  expect((await request.post('/api/addUser', { data: { ...account, confirmPassword: account.password } })).status()).toBe(201);
  const order = await placeCashOrder(request, account, product, 2);
  const admin = await adminApi(request);
  await admin.patch(`updateOrderStatusById/${order._id}`, { orderStatus: 'Processing' });
  await admin.patch(`updatePaymentStatusById/${order._id}`, { paymentStatus: 'Paid' });

  await signInAsAdmin(page);
  await page.setViewportSize(LANDSCAPE);
  await page.goto(`/admin/orders/${order._id}`);
  await page.getByRole('combobox', { name: 'Order status' }).selectOption('Cancelled');
  const question = page.getByRole('alertdialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(question).toContainText('The customer gets a message saying the order is cancelled.');
  await expect(question).toContainText('a refund of ₵80.00 is due');
  await question.getByRole('button', { name: 'Keep order' }).click();
  await expect(question).toBeHidden();
  expect((await admin.get<{ order: { orderStatus: string } }>(`getOrderById/${order._id}`)).order.orderStatus).toBe('Processing');

  await page.getByRole('combobox', { name: 'Order status' }).selectOption('Cancelled');
  await question.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText('Refund due');
  expect((await admin.get<{ order: { orderStatus: string } }>(`getOrderById/${order._id}`)).order.orderStatus).toBe('Cancelled');
});

test('at 768 px the orders list shows phone, city and time of day, and no word (nor e-mail) is broken in it or in the Messages table', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, { price: 30, stock: 10 });
  // A long address, as customers' are: it must wrap, but only before the '@' or after a dot.
  const email = `akosua.mensah-boateng.${Date.now().toString(36)}${process.pid}@nkutonaturals-customers.example.com`;
  const account = { fullName: 'Akosua Mensah-Boateng', email, password: 'shea-butter-2026' };
  expect((await request.post('/api/addUser', { data: { ...account, confirmPassword: account.password } })).status()).toBe(201);
  const order = await placeCashOrder(request, account, product);

  await signInAsAdmin(page);
  for (const size of [PORTRAIT, LANDSCAPE]) {
    await page.setViewportSize(size);
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('0201234567');
    await expect(row).toContainText('Cape Coast');
    await expect(row).toContainText(shopTime(order.createdAt));
    expect(await brokenWords(row), `orders list at ${size.width}px`).toEqual([]);

    await page.goto(`/admin/orders/${order._id}`);
    const messages = page.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('row').nth(1)).toBeVisible();
    expect(await brokenWords(messages), `Messages table at ${size.width}px`).toEqual([]);
    // The two badges side by side say what each is.
    const header = page.getByRole('main').locator('header').first();
    await expect(header).toContainText(/Order status\s*Pending/);
    await expect(header).toContainText(/Payment\s*Pending/);
  }
});
