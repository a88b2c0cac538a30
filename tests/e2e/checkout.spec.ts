import { discountFor, formatCedis, toCedis, toPesewas } from '../../src/shared/money';
import type { Product } from '../../src/shared/types';
import { addToCart, type Billing, expect, fillBilling, guestBilling, ordersFor, plentiful, signIn, stockOf, test } from './fixtures';

/**
 * Checkout on a phone against the real server and its sandbox Mobile Money provider: every order
 * is then read back from the server (as the admin), so what the shopper saw is what was stored.
 * Each test orders a product of its own, so stock figures do not depend on the other tests.
 */

/** Longer than the 5 s payment check, so a test sees at least one check after an approval. */
const AFTER_A_CHECK = { timeout: 12_000 };

// Two tests slow or drop the order call with page.route, which never sees a request the service
// worker makes (it starts controlling the page once the phone is idle): these tests run without it.
test.use({ serviceWorkers: 'block' });

const lineTotal = (...lines: [Product, number][]) => toCedis(lines.reduce((sum, [p, q]) => sum + toPesewas(p.price) * q, 0));

async function productFor(request: Parameters<typeof plentiful>[0], index: number): Promise<Product> {
  const product = (await plentiful(request))[index];
  if (!product) throw new Error(`the demo catalogue has no product ${index} with stock to spare`);
  return product;
}

async function checkout(page: import('@playwright/test').Page, billing: Partial<Billing>, method: 'Cash on Delivery' | 'Mobile Money') {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
  await fillBilling(page, billing);
  await page.getByRole('radio', { name: method }).check();
}

const placeOrder = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Place order' });

test('a guest pays cash on delivery: one order, stock taken, the confirmation still readable after a reload', async ({ page, request }) => {
  const product = await productFor(request, 0);
  const stockBefore = await stockOf(request, product._id);
  const billing = guestBilling('Kwame Boateng');

  await addToCart(page, product, 2);
  await checkout(page, billing, 'Cash on Delivery');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(product.name);
  await expect(summary).toContainText(formatCedis(lineTotal([product, 2])));
  await expect(summary).toContainText(/delivery fee not included/i);

  await placeOrder(page).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[^/?]+\?placed=true$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  const orders = await ordersFor(request, billing.email);
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(order).toMatchObject({
    total: lineTotal([product, 2]),
    paymentStatus: 'Pending',
    orderStatus: 'Pending',
    user: null,
    phone: '0241234567',
    city: billing.city,
    paymentMethod: expect.objectContaining({ paymentMethod: 'Cash on Delivery' }),
  });
  expect(order?.items).toEqual([expect.objectContaining({ quantity: 2, product: expect.objectContaining({ _id: product._id }) })]);
  expect(await stockOf(request, product._id)).toBe(stockBefore - 2);

  // The guest's confirmation survives a reload: the order token is in the persisted store.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(order?.orderNumber ?? 'no order').first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(product.name);
  await expect(page.getByRole('main')).toContainText(formatCedis(lineTotal([product, 2])));

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('a customer pays cash on delivery from the server cart and finds the order in My Orders and its detail', async ({ page, request, account }) => {
  const first = await productFor(request, 1);
  const second = await productFor(request, 2);
  await signIn(page, account);
  await addToCart(page, first, 1);
  await addToCart(page, second, 3);

  await page.goto('/checkout');
  const form = page.getByRole('main');
  await expect(form.getByLabel('Full name')).toHaveValue(account.fullName);
  await expect(form.getByLabel('Email')).toHaveValue(account.email);
  await fillBilling(page, { phone: '+233 20 765 4321', city: 'Accra', address: '4 Oxford Street, Osu' });
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await placeOrder(page).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  const [order, ...others] = await ordersFor(request, account.email);
  expect(others).toHaveLength(0);
  const total = lineTotal([first, 1], [second, 3]);
  expect(order).toMatchObject({ total, user: expect.objectContaining({ email: account.email }), phone: '+233207654321' });

  // The server cart went into the order.
  const login = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  const cart = await request.get('/api/getMyCart', { headers: { authorization: `Bearer ${(await login.json()).token}` } });
  expect((await cart.json()).Cart[0]?.items ?? []).toEqual([]);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${order?.orderNumber}` });
  await expect(card).toContainText(first.name);
  await expect(card).toContainText(second.name);
  await expect(card).toContainText(formatCedis(total));
  await expect(card).toContainText('Pending');
  await card.getByRole('link', { name: /view details/i }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order?._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order?.orderNumber}` })).toBeVisible();
  const detail = page.getByRole('main');
  await expect(detail).toContainText(first.name);
  await expect(detail).toContainText(second.name);
  await expect(detail).toContainText(formatCedis(total));
  await expect(detail).toContainText('4 Oxford Street, Osu');
  await expect(detail).toContainText('NB: Shipping / delivery fee not included in the total.');
});

test('SAVE10 takes 10% off the stored total', async ({ page, request }) => {
  const product = await productFor(request, 3);
  const billing = guestBilling('Efua Asante');
  await addToCart(page, product, 2);
  await checkout(page, billing, 'Cash on Delivery');

  await page.getByLabel('Promo code').fill(' save10 ');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Promo applied: 10% off')).toBeVisible();
  const subtotal = toPesewas(lineTotal([product, 2]));
  const discount = discountFor(subtotal, 10);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(formatCedis(toCedis(discount)));
  await expect(summary).toContainText(formatCedis(toCedis(subtotal - discount)));

  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const [order] = await ordersFor(request, billing.email);
  expect(order).toMatchObject({ promoCode: 'SAVE10', subtotal: toCedis(subtotal), discount: toCedis(discount), total: toCedis(subtotal - discount) });
});

test('a double tap on Place order makes one order', async ({ page, request }) => {
  const product = await productFor(request, 4);
  const billing = guestBilling('Yaw Owusu');
  await addToCart(page, product, 1);
  await checkout(page, billing, 'Cash on Delivery');

  let sent = 0;
  // A slow network: the answer takes a while, as on patchy mobile data.
  await page.route('**/api/createGuestOrder', async (route) => {
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  // Two taps in the same task, before React can re-render the button as disabled.
  await placeOrder(page).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(sent).toBe(1);
  expect(await ordersFor(request, billing.email)).toHaveLength(1);
});

test('a dropped answer: the order is kept on the phone and sent again with the same key, making one order', async ({ page, request }) => {
  const product = await productFor(request, 5);
  const billing = guestBilling('Ama Serwaa');
  await addToCart(page, product, 1);
  await checkout(page, billing, 'Cash on Delivery');

  const keys: string[] = [];
  await page.route('**/api/createGuestOrder', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // The server places the order, but its answer never reaches the phone.
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await placeOrder(page).click();
  await expect(page.getByText(/your order is saved on this phone and will be sent as soon as the connection returns/)).toBeVisible();
  // The outbox sends it again at once; the server answers the order the first try made.
  await expect(page.getByText(/Your saved order went through: /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^.{8,}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await ordersFor(request, billing.email)).toHaveLength(1);
});

test('a guest pays with Mobile Money: approved in the payment tab, the order is Paid', async ({ page, request }) => {
  const product = await productFor(request, 6);
  const stockBefore = await stockOf(request, product._id);
  const billing = guestBilling('Kofi Mensah');
  await addToCart(page, product, 1);
  await checkout(page, billing, 'Mobile Money');

  const popup = page.waitForEvent('popup');
  await placeOrder(page).click();
  const paymentTab = await popup;
  await paymentTab.waitForURL(/\/pay\/sandbox\//);
  await expect(page.getByText('Payment opened in a new tab. Complete payment there.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for your Mobile Money payment' })).toBeVisible();

  // The order exists and holds its stock while the shopper pays.
  const [pending] = await ordersFor(request, billing.email);
  expect(pending).toMatchObject({ paymentStatus: 'Pending', paymentMethod: expect.objectContaining({ paymentMethod: 'Mobile Money' }) });
  expect(await stockOf(request, product._id)).toBe(stockBefore - 1);
  await expect(paymentTab.getByText(formatCedis(product.price))).toBeVisible();

  await paymentTab.getByRole('button', { name: 'Approve' }).click();
  await paymentTab.waitForURL(/\/checkout\?trxref=[^&]+&reference=/);
  await paymentTab.close();

  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(AFTER_A_CHECK);
  await expect(page).toHaveURL(new RegExp(`/order/${pending?._id}\\?placed=true$`));
  await expect(page.getByRole('main')).toContainText('Paid');
  const [paid, ...others] = await ordersFor(request, billing.email);
  expect(others).toHaveLength(0);
  expect(paid).toMatchObject({ paymentStatus: 'Paid', total: product.price });

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('a customer declines Mobile Money, is told, nothing is paid; then tries again and pays', async ({ page, request, account }) => {
  const product = await productFor(request, 7);
  await signIn(page, account);
  await addToCart(page, product, 2);
  await checkout(page, { phone: '0551234567', city: 'Tamale', address: '7 Hospital Road' }, 'Mobile Money');

  let popup = page.waitForEvent('popup');
  await placeOrder(page).click();
  let paymentTab = await popup;
  await paymentTab.getByRole('button', { name: 'Decline' }).click();
  await paymentTab.waitForURL(/\/checkout\?trxref=[^&]+&reference=/);
  await paymentTab.close();

  await expect(page.getByText(/declined or not completed/i).first()).toBeVisible(AFTER_A_CHECK);
  const [declined] = await ordersFor(request, account.email);
  expect(declined).toMatchObject({ paymentStatus: 'Pending', orderStatus: 'Pending' });

  popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Try payment again' }).click();
  paymentTab = await popup;
  await paymentTab.getByRole('button', { name: 'Approve' }).click();
  await paymentTab.waitForURL(/\/checkout\?trxref=[^&]+&reference=/);
  await paymentTab.close();

  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(AFTER_A_CHECK);
  const orders = await ordersFor(request, account.email);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ _id: declined?._id, paymentStatus: 'Paid', total: lineTotal([product, 2]) });

  await page.goto('/orders');
  await expect(page.getByRole('article', { name: `Order ${declined?.orderNumber}` })).toContainText('Paid');
});

test('a reload while a Mobile Money payment is pending resumes checking and confirms', async ({ page, request }) => {
  const product = await productFor(request, 8);
  const billing = guestBilling('Akua Dede');
  await addToCart(page, product, 1);
  await checkout(page, billing, 'Mobile Money');

  const popup = page.waitForEvent('popup');
  await placeOrder(page).click();
  const firstTab = await popup;
  await firstTab.waitForURL(/\/pay\/sandbox\//);
  // The shopper leaves the payment for later and the page is reloaded (or the app restarted).
  await firstTab.close();
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Waiting for your Mobile Money payment' })).toBeVisible();
  const [order] = await ordersFor(request, billing.email);
  await expect(page.getByRole('main')).toContainText(order?.orderNumber ?? 'no order');

  const reopened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Open payment page' }).click();
  const paymentTab = await reopened;
  await paymentTab.getByRole('button', { name: 'Approve' }).click();
  await paymentTab.waitForURL(/\/checkout\?trxref=[^&]+&reference=/);
  await paymentTab.close();

  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(AFTER_A_CHECK);
  expect((await ordersFor(request, billing.email))[0]).toMatchObject({ paymentStatus: 'Paid' });
});

test('a guest cancels an unpaid Mobile Money order and pays cash on delivery instead', async ({ page, request }) => {
  const product = await productFor(request, 9);
  const stockBefore = await stockOf(request, product._id);
  const billing = guestBilling('Abena Pokua');
  await addToCart(page, product, 2);
  await checkout(page, billing, 'Mobile Money');

  const popup = page.waitForEvent('popup');
  await placeOrder(page).click();
  await (await popup).close();
  await expect(page.getByRole('heading', { name: 'Waiting for your Mobile Money payment' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
  expect(await stockOf(request, product._id)).toBe(stockBefore);

  // The cart is still there: choose again.
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(product.name);
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  const orders = await ordersFor(request, billing.email);
  expect(orders.map((o) => [o.paymentMethod.paymentMethod, o.orderStatus]).sort()).toEqual([
    ['Cash on Delivery', 'Pending'],
    ['Mobile Money', 'Cancelled'],
  ]);
  expect(await stockOf(request, product._id)).toBe(stockBefore - 2);
});
