import type { Page } from '@playwright/test';
import { discountFor, formatCedis, toCedis, toPesewas } from '@/shared/money';
import type { Product } from '@/shared/types';
import { addToCart, type Billing, createProduct, expect, fillBilling, guestBilling, ordersFor, signIn, stockOf, test } from './fixtures';

/**
 * Checkout on a phone against the real server and its sandbox Mobile Money provider: every order
 * is then read back from the server (as the admin), so what the shopper saw is what was stored.
 * Each test orders products it made itself, so stock figures do not depend on the other tests.
 */

// Two tests slow or drop the order call with page.route, which never sees a request the service
// worker makes (it starts controlling the page once the phone is idle): these tests run without it.
test.use({ serviceWorkers: 'block' });

const lineTotal = (...lines: [Product, number][]) => toCedis(lines.reduce((sum, [p, q]) => sum + toPesewas(p.price) * q, 0));

async function checkout(page: Page, billing: Partial<Billing>, method: 'Cash on Delivery' | 'Mobile Money') {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
  await fillBilling(page, billing);
  await page.getByRole('radio', { name: method }).check();
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

test('a guest pays cash on delivery: one order, stock taken, the confirmation still readable after a reload', async ({ page, request }) => {
  const product = await createProduct(request);
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
  const first = await createProduct(request);
  const second = await createProduct(request);
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
  const product = await createProduct(request);
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
  const product = await createProduct(request);
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
  const product = await createProduct(request);
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

/** The sandbox's approve-after-a-few-seconds, plus a server check (at most every 10 s) and the page's 5 s poll. */
const UNTIL_PAID = { timeout: 30_000 };
const payNow = placeOrder;

/** Mobile Money chosen, the wallet typed over the prefilled billing phone. */
async function wallet(page: Page, phone: string) {
  await page.getByLabel('Mobile Money number').fill(phone);
}

test('a guest pays with Mobile Money approved on the phone (MTN): the prompt, its countdown, then Paid', async ({ page, request }) => {
  const product = await createProduct(request);
  const stockBefore = await stockOf(request, product._id);
  const billing = guestBilling('Kofi Mensah');
  await addToCart(page, product, 1);
  await checkout(page, { ...billing, phone: '024 000 0001' }, 'Mobile Money');
  // Prefilled from the billing phone, the network found from its prefix.
  await expect(page.getByLabel('Mobile Money number')).toHaveValue('024 000 0001');
  await expect(page.getByLabel('Network')).toHaveValue('mtn');

  await payNow(page).click();
  await expect(page.getByRole('heading', { name: 'Pay with Mobile Money' })).toBeVisible();
  await expect(page.getByText('TEST PAYMENT: no money moves')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Approve the prompt on your phone.' })).toBeVisible();
  await expect(page.getByText(/^\d:\d\d$/)).toBeVisible();
  const [pending] = await ordersFor(request, billing.email);
  expect(pending).toMatchObject({ paymentStatus: 'Pending' });
  expect(await stockOf(request, product._id)).toBe(stockBefore - 1);

  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(UNTIL_PAID);
  await expect(page).toHaveURL(new RegExp(`/order/${pending?._id}\\?placed=true$`));
  const [paid, ...others] = await ordersFor(request, billing.email);
  expect(others).toHaveLength(0);
  expect(paid).toMatchObject({ paymentStatus: 'Paid', total: product.price });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test("a Telecel voucher: the network's steps, a wrong code refused, the right one pays; a reload while waiting resumes", async ({ page, request }) => {
  const product = await createProduct(request);
  const billing = guestBilling('Akua Dede');
  await addToCart(page, product, 1);
  await checkout(page, billing, 'Mobile Money');
  await wallet(page, '020 000 0002');
  await expect(page.getByLabel('Network')).toHaveValue('vod');
  await payNow(page).click();

  await expect(page.getByLabel('Code or voucher')).toBeVisible();
  await expect(page.getByText(/Dial \*110# for a voucher code/)).toBeVisible();
  // The page is reloaded (or the app restarted) while the network waits for the voucher.
  await page.reload();
  await expect(page.getByLabel('Code or voucher')).toBeVisible();

  await page.getByLabel('Code or voucher').fill('111111');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('That code was not accepted. Check it and enter it again.')).toBeVisible();
  await page.getByLabel('Code or voucher').fill('123456');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(UNTIL_PAID);
  expect((await ordersFor(request, billing.email))[0]).toMatchObject({ paymentStatus: 'Paid' });
});

test('a customer is declined, is told, nothing is paid; then retries with another number on the same order and pays', async ({ page, request, account }) => {
  const product = await createProduct(request);
  await signIn(page, account);
  await addToCart(page, product, 2);
  await checkout(page, { phone: '0240000003', city: 'Tamale', address: '7 Hospital Road' }, 'Mobile Money');
  await payNow(page).click();

  await expect(page.getByRole('status').filter({ hasText: 'The payment was declined on your phone. Nothing was charged.' })).toBeVisible();
  const [declined] = await ordersFor(request, account.email);
  expect(declined).toMatchObject({ paymentStatus: 'Pending', orderStatus: 'Pending' });

  await page.getByLabel('Mobile Money number').fill('055 000 0001');
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Approve the prompt on your phone.')).toBeVisible();
  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(UNTIL_PAID);
  const orders = await ordersFor(request, account.email);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ _id: declined?._id, paymentStatus: 'Paid', total: lineTotal([product, 2]) });
});

test('the connection drops while the prompt is on the phone; when it is back the payment is confirmed', async ({ page, request, context }) => {
  const product = await createProduct(request);
  const billing = guestBilling('Yaw Asante');
  await addToCart(page, product, 1);
  await checkout(page, { ...billing, phone: '0240000001' }, 'Mobile Money');
  await payNow(page).click();
  await expect(page.getByText('Approve the prompt on your phone.')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('We could not check your payment just now. We will keep trying.')).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(UNTIL_PAID);
  expect((await ordersFor(request, billing.email))[0]).toMatchObject({ paymentStatus: 'Paid' });
});

test("Pay on Paystack's page instead: the hosted page in a tab, approved there, the order is Paid", async ({ page, request }) => {
  const product = await createProduct(request);
  const billing = guestBilling('Esi Owusu');
  await addToCart(page, product, 1);
  await checkout(page, { ...billing, phone: '0240000005' }, 'Mobile Money');
  await payNow(page).click();
  await expect(page.getByText('Approve the prompt on your phone.')).toBeVisible();

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: "Pay on Paystack's page instead" }).click();
  const paymentTab = await popup;
  await paymentTab.waitForURL(/\/pay\/sandbox\//);
  await expect(page.getByRole('heading', { name: 'Waiting for your Mobile Money payment' })).toBeVisible();
  await paymentTab.getByRole('button', { name: 'Approve' }).click();
  await paymentTab.waitForURL(/\/checkout\?trxref=[^&]+&reference=/);
  await paymentTab.close();

  await expect(page.getByText('Order confirmed successfully!')).toBeVisible(UNTIL_PAID);
  const orders = await ordersFor(request, billing.email);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ paymentStatus: 'Paid' });
});

test('a guest cancels an unpaid Mobile Money order and pays cash on delivery instead', async ({ page, request }) => {
  const product = await createProduct(request);
  const stockBefore = await stockOf(request, product._id);
  const billing = guestBilling('Abena Pokua');
  await addToCart(page, product, 2);
  await checkout(page, billing, 'Mobile Money');

  await wallet(page, '0240000005');
  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Pay with Mobile Money' })).toBeVisible();

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
