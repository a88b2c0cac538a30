import { mkdirSync } from 'node:fs';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Order, Product } from '@/shared/types';

export interface Account {
  fullName: string;
  email: string;
  password: string;
}

let accounts = 0;

/**
 * A full-page screenshot in reports/screenshots/<name>.png for a person to look at, only with
 * E2E_SCREENSHOTS=1: each capture costs CPU that the suite's checks share on the two-core CI machine,
 * and nobody looks at CI's.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync('reports/screenshots', { recursive: true });
  await page.screenshot({ path: `reports/screenshots/${name}.png`, fullPage: true });
}

let made = 0;
/** `prefix` and a stamp no other test (in any worker) has: the test's own product name or search word. */
export function unique(prefix: string): string {
  made += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${made}`;
}

/** A new customer account made through the API (each test gets its own). */
export async function createAccount(request: APIRequestContext, name = 'Abena Mensah'): Promise<Account> {
  accounts += 1;
  const account = { fullName: name, email: `shopper-${Date.now()}-${process.pid}-${accounts}@example.com`, password: 'shea-butter-2026' };
  const res = await request.post('/api/addUser', { data: { ...account, confirmPassword: account.password } });
  expect(res.status()).toBe(201);
  return account;
}

/** Signs in through the real form. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome back, ${account.fullName}!`)).toBeVisible();
}

/** The catalogue as the API serves it: the demo shop's products and every test's own. */
export async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/getProducts');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Product[] }).data;
}

export const test = base.extend<{ account: Account }>({
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
});

export { expect };

/** The demo admin's bearer token (the e2e server seeds the demo shop), to read what the server stored. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/login', { data: { email: 'admin@nkutonaturals.com.gh', password: 'nkuto-admin-2026' } });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A real PNG of one colour, as a phone camera would not make it but the image pipeline reads it. */
export const png = (background: string) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A product of the test's own, made through the API (the admin's multipart call), with a real photo:
 * no other test orders it, so its stock is the test's to count. By default ₵40, 20 in stock, Skin.
 */
export async function createProduct(
  request: APIRequestContext,
  overrides: { name?: string; stock?: number; price?: number; category?: string; description?: string } = {},
): Promise<Product> {
  const res = await request.post('/api/addProduct', {
    headers: await adminHeaders(request),
    multipart: {
      name: overrides.name ?? unique('Baobab Balm'),
      description: overrides.description ?? 'Whipped baobab and shea balm for dry skin.',
      category: overrides.category ?? 'Skin',
      price: String(overrides.price ?? 40),
      stock: String(overrides.stock ?? 20),
      newArrival: 'false',
      images: { name: 'balm.png', mimeType: 'image/png', buffer: await png('#c08a4a') },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/** Every order the server holds for an e-mail address (each test uses its own), newest first. */
export async function ordersFor(request: APIRequestContext, email: string): Promise<Order[]> {
  const res = await request.get('/api/getAllOrders', { params: { q: email }, headers: await adminHeaders(request) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { orders: Order[] }).orders.filter((o) => o.email === email);
}

/** One product's stock as the server has it now. */
export async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const res = await request.get(`/api/getSingleProductById/${productId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Product }).data.stock;
}

/** A customer's Cash-on-Delivery order, placed through the API: into their server cart, then ordered. */
export async function placeCashOrder(request: APIRequestContext, account: Account, product: Product, quantity = 1): Promise<Order> {
  const login = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.post('/api/addToCart', { headers: auth, data: { productId: product._id, quantity } })).ok()).toBe(true);
  accounts += 1;
  const res = await request.post('/api/createOrder', {
    headers: { ...auth, 'idempotency-key': `e2e-order-${Date.now()}-${process.pid}-${accounts}` },
    data: {
      fullName: account.fullName,
      email: account.email,
      phone: '0201234567',
      city: 'Cape Coast',
      address: '3 Castle Road',
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** The top bar's search field, opened first where the top bar keeps it behind a button (phones and tablets). */
export async function openSearch(page: Page): Promise<Locator> {
  const search = page.getByRole('combobox', { name: /search/i });
  // The home page arrives drawn before its script: a tap on that Search button before React takes
  // over does nothing (as for a person), so tap again until the field opens.
  await expect(async () => {
    if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(search).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return search;
}

/**
 * Opens the phone's slide-in menu. Like the Search button, the server draws the Menu button before
 * the script arrives, and a tap before React takes over does nothing: tap again until the menu opens.
 */
export async function openMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

/** Puts a quantity of a product in the cart through its product page. */
export async function addToCart(page: Page, product: Product, quantity = 1): Promise<void> {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await addShownProduct(page, product, quantity);
}

/** On the product's page already: the quantity, Add to Cart, and the toast that says it is in. */
export async function addShownProduct(page: Page, product: Product, quantity = 1): Promise<void> {
  await page.getByLabel('Quantity').fill(String(quantity));
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
}

export interface Billing {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  address: string;
}

/** A guest's billing details with an address of their own (orders are found by it afterwards). */
export function guestBilling(name = 'Kwame Boateng'): Billing {
  accounts += 1;
  return {
    fullName: name,
    email: `guest-${Date.now()}-${process.pid}-${accounts}@example.com`,
    phone: '024 123 4567',
    city: 'Kumasi',
    address: '12 Prempeh II Street, Adum',
  };
}

/** Fills the checkout's billing form (the fields a signed-in customer has prefilled are overwritten). */
export async function fillBilling(page: Page, billing: Partial<Billing>): Promise<void> {
  const form = page.getByRole('main');
  if (billing.fullName !== undefined) await form.getByLabel('Full name').fill(billing.fullName);
  if (billing.email !== undefined) await form.getByLabel('Email').fill(billing.email);
  if (billing.phone !== undefined) await form.getByLabel('Phone').fill(billing.phone);
  if (billing.city !== undefined) await form.getByLabel('City').fill(billing.city);
  // 'Address', or 'Address (not needed for pickup)'; never the GPS address field beside it.
  if (billing.address !== undefined) await form.getByRole('textbox', { name: /^Address/ }).fill(billing.address);
}

/**
 * The shop's name as pages show it: the demo shop's, or the one admin.spec.ts's settings test sets
 * for a few seconds (on the tablet projects) while other files run. Page titles are matched with it.
 */
export const SHOP_NAME = '(?:Nkuto Naturals|Shea Haven (?:Tablet|Wide))';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A page's title: `{page} - {shop name}`, whichever of the shop's names is current. */
export const pageTitle = (page: string) => new RegExp(`^${escapeRegExp(page)} - ${SHOP_NAME}$`);

/** A mail the e2e shop sent, as the SMTP sink took it (tests/e2e/message-sinks.ts). */
export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}
/** An SMS the e2e shop sent, as the fake Hubtel gateway took it (`to` in international digits). */
export interface SentSms {
  to: string;
  text: string;
}

const SINKS = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 12}`;

/** Every mail or SMS the shop has sent so far (the sinks' read-out). */
export async function messagesSent<T extends SentMail | SentSms>(what: T extends SentMail ? 'mails' : 'sms'): Promise<T[]> {
  const res = await fetch(`${SINKS}/${what}`);
  return (await res.json()) as T[];
}

/** A guest's Cash on Delivery order of one `product`, placed through the real checkout on `page`: the order as the API has it. */
export async function checkOutAsGuest(page: Page, request: APIRequestContext, product: Product, billing: Billing): Promise<Order> {
  await addToCart(page, product, 1);
  await page.goto('/checkout');
  await fillBilling(page, billing);
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const [order] = await ordersFor(request, billing.email);
  if (!order) throw new Error(`no order for ${billing.email}`);
  return order;
}
