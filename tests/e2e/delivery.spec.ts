import type { APIRequestContext, Page } from '@playwright/test';
import type { DeliveryOption } from '@/shared/delivery';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { expectNoSeriousViolations } from './a11y-fixtures';
import { signInAsAdmin } from './admin-fixtures';
import { addToCart, adminHeaders, createProduct, expect, fillBilling, guestBilling, ordersFor, test, unique } from './fixtures';

/**
 * Delivery options at phone size, against the real server and its sandbox Mobile Money.
 * Options change what every checkout shows, so this file runs in a project of its own after the rest
 * of the suite (playwright.config.ts); each test's options serve only a town of its own, so the tests
 * here never see each other's.
 */
test.use({ serviceWorkers: 'block' });

type NewOption = Pick<DeliveryOption, 'name' | 'regions' | 'cities' | 'fee' | 'feePaidWith'> & Partial<Pick<DeliveryOption, 'eta' | 'freeFrom'>>;

async function createOption(request: APIRequestContext, option: NewOption): Promise<DeliveryOption> {
  const res = await request.post('/api/deliveryOptions', { headers: await adminHeaders(request), data: option });
  expect(res.status(), await res.text()).toBe(201);
  const created = ((await res.json()) as { data: DeliveryOption[] }).data.find((o) => o.name === option.name);
  if (!created) throw new Error(`option ${option.name} not in the answer`);
  return created;
}

/** Every option this file made is deleted after its test: nothing of it is left for a later run on the same data. */
const made: string[] = [];
test.afterEach(async ({ request }) => {
  const headers = await adminHeaders(request);
  for (const id of made.splice(0)) await request.delete(`/api/deliveryOptions/${id}`, { headers });
});

async function option(request: APIRequestContext, spec: NewOption): Promise<DeliveryOption> {
  const created = await createOption(request, spec);
  made.push(created._id);
  return created;
}

async function toCheckout(page: Page, billing: Parameters<typeof fillBilling>[1], region: string) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
  await fillBilling(page, billing);
  await page.getByLabel('Region').selectOption(region);
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

test('a shopper in Greater Accra sees the Accra option and its fee in the summary, and pays goods plus delivery by Mobile Money', async ({ page, request }) => {
  const town = unique('Osu').replace(/\s+/g, '-');
  const accra = await option(request, {
    name: unique('Accra rider'),
    regions: ['Greater Accra'],
    cities: [town],
    fee: 15.5,
    feePaidWith: 'order',
    eta: '1-2 days',
  });
  // Another region's option, never offered here.
  const kumasi = await option(request, { name: unique('Kumasi courier'), regions: ['Ashanti'], cities: [town], fee: 30, feePaidWith: 'order' });
  const product = await createProduct(request, { price: 42 });
  const billing = { ...guestBilling('Esi Owusu'), phone: '024 000 0001', city: town, address: '4 Cantonments Road' };

  await addToCart(page, product, 2);
  await toCheckout(page, billing, 'Greater Accra');
  await page.getByLabel('GhanaPost GPS address').fill('ga 183 8164');
  await page.getByLabel(/Landmark/).fill('Opposite the Osu Castle gate');
  await page.getByLabel('GhanaPost GPS address').blur();
  await expect(page.getByLabel('GhanaPost GPS address')).toHaveValue('GA-183-8164');

  const delivery = page.getByRole('group', { name: 'Delivery' });
  await expect(delivery.getByRole('radio', { name: new RegExp(accra.name) })).toBeVisible();
  await expect(delivery.getByRole('radio', { name: new RegExp(kumasi.name) })).toHaveCount(0);
  await delivery.getByRole('radio', { name: new RegExp(accra.name) }).check();

  const goods = toCedis(toPesewas(product.price) * 2);
  const total = toCedis(toPesewas(goods) + toPesewas(accra.fee));
  await expect(summary(page)).toContainText(formatCedis(accra.fee));
  await expect(summary(page)).toContainText(formatCedis(total));
  await expect(summary(page)).not.toContainText(/delivery fee not included/i);
  await expectNoSeriousViolations(page, 'checkout with delivery options');

  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with Mobile Money' })).toBeVisible();
  await expect(page.getByText(formatCedis(total)).first()).toBeVisible();
  await expect(page.getByText('Order confirmed successfully!')).toBeVisible({ timeout: 30_000 });

  const [order] = await ordersFor(request, billing.email);
  expect(order).toMatchObject({
    paymentStatus: 'Paid',
    subtotal: goods,
    total,
    shipping: accra.fee,
    region: 'Greater Accra',
    gpsAddress: 'GA-183-8164',
    landmark: 'Opposite the Osu Castle gate',
    delivery: { name: accra.name, fee: accra.fee, feePaidWith: 'order' },
  });

  // The order page shows the delivery and the GPS address with its map link.
  await expect(page.getByText(accra.name).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /GA-183-8164/ })).toHaveAttribute('href', /google\.com\/maps\/search\/.*GA-183-8164/);
});

test('a shopper in Ashanti sees the courier option and, paid to the rider, a total without it', async ({ page, request }) => {
  const town = unique('Kumasi').replace(/\s+/g, '-');
  const courier = await option(request, { name: unique('Courier'), regions: ['Ashanti'], cities: [town], fee: 35, feePaidWith: 'rider', eta: '2-3 days' });
  const product = await createProduct(request, { price: 60 });
  const billing = { ...guestBilling('Yaw Asante'), city: town };

  await addToCart(page, product, 1);
  await toCheckout(page, billing, 'Ashanti');
  const delivery = page.getByRole('group', { name: 'Delivery' });
  await delivery.getByRole('radio', { name: new RegExp(courier.name) }).check();
  await expect(summary(page)).toContainText(`Delivery ${formatCedis(35)}, paid to the rider`);
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const [order] = await ordersFor(request, billing.email);
  expect(order).toMatchObject({ total: 60, shipping: 35, delivery: { name: courier.name, feePaidWith: 'rider' } });

  // The same region in another town: no option fits, and the order is still taken.
  const elsewhere = { ...guestBilling('Ama Serwaa'), city: 'Obuasi' };
  await addToCart(page, product, 1);
  await toCheckout(page, elsewhere, 'Ashanti');
  await expect(page.getByText('We will call you about delivery.').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect((await ordersFor(request, elsewhere.email))[0]).toMatchObject({ total: 60, delivery: null });
});

test('the admin changes a fee on the tablet, and a past order still shows the old one', async ({ page, request, browser }) => {
  const town = unique('Tema').replace(/\s+/g, '-');
  const name = unique('Tema rider');
  const tema = await option(request, { name, regions: ['Greater Accra'], cities: [town], fee: 20, feePaidWith: 'order' });
  const product = await createProduct(request, { price: 50 });
  const billing = { ...guestBilling('Kojo Mensah'), city: town };
  await addToCart(page, product, 1);
  await toCheckout(page, billing, 'Greater Accra');
  await page
    .getByRole('group', { name: 'Delivery' })
    .getByRole('radio', { name: new RegExp(name) })
    .check();
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderUrl = page.url();

  // The owner, on a tablet, raises the fee to ₵28.
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
  const admin = await tablet.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/settings');
  const section = admin.getByRole('region', { name: 'Delivery options' });
  await expect(section.getByRole('button', { name: new RegExp(`Edit ${name}`) })).toBeVisible();
  await expectNoSeriousViolations(admin, 'settings: delivery options');
  await section.getByRole('button', { name: new RegExp(`Edit ${name}`) }).click();
  await section.getByLabel('Fee (₵)').fill('28');
  await section.getByRole('button', { name: 'Save changes' }).click();
  await expect(section).toContainText(formatCedis(28));
  await tablet.close();

  // The shopper's past order keeps ₵20; a new checkout shows ₵28.
  await page.goto(orderUrl);
  await expect(page.getByText(formatCedis(20)).first()).toBeVisible();
  await expect(page.getByText(formatCedis(70)).first()).toBeVisible();
  const [order] = await ordersFor(request, billing.email);
  expect(order).toMatchObject({ total: 70, shipping: 20, delivery: { optionId: tema._id, fee: 20 } });
  await addToCart(page, product, 1);
  await toCheckout(page, { ...guestBilling('Kojo Mensah'), city: town }, 'Greater Accra');
  await expect(page.getByRole('group', { name: 'Delivery' })).toContainText(formatCedis(28));
});
