import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, Product } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import {
  addShownProduct,
  addToCart,
  adminHeaders,
  createProduct,
  expect,
  fillBilling,
  guestBilling,
  messagesSent,
  ordersFor,
  type SentSms,
  stockOf,
  test,
} from './fixtures';
import { goOffline, goOnline, openOffline, waitUntilOfflineReady } from './offline-fixtures';

/**
 * A phone: a guest's Cash on Delivery order asks for a code sent to the order's phone
 * (the e2e shop sends SMS through the fake Hubtel gateway, tests/e2e/message-sinks.ts); the code
 * from the text confirms the order, which then holds its stock. An order queued offline asks the
 * same once it is sent. A shop with no SMS tells the shopper it will call (the big shop of
 * playwright.config.ts, which has no SMS gateway). Each test uses a phone of its own: codes are
 * limited per phone (one a minute), and a phone's code must be the test's own.
 */

let phones = 0;
/** A Ghana MTN number (024…) no other test uses, as a shopper types it, and as the gateway addresses it. */
function ownPhone(): { typed: string; international: string } {
  phones += 1;
  const digits = String((Date.now() * 7 + process.pid * 1000 + phones) % 10_000_000).padStart(7, '0');
  return { typed: `024 ${digits.slice(0, 3)} ${digits.slice(3)}`, international: `23324${digits}` };
}

/** The code in the newest SMS the shop sent to `international` (the text says it is a code). */
async function codeSentTo(international: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const texts = (await messagesSent<SentSms>('sms')).filter((sms) => sms.to.replace(/\D/g, '') === international);
        code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a code texted to ${international}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The order as the server has it now (the admin reads it). */
async function orderNow(request: APIRequestContext, email: string): Promise<Order> {
  const [order, ...others] = await ordersFor(request, email);
  expect(others).toHaveLength(0);
  if (!order) throw new Error(`no order for ${email}`);
  return order;
}

/** On the confirmation's card: 'Send me a code', the code from the text, Confirm; the card gives way to the thanks. */
async function confirmByCode(page: Page, international: string) {
  const card = page.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle });
  await card.getByRole('button', { name: VERIFICATION_TEXTS.sendCode }).click();
  const field = card.getByLabel(VERIFICATION_TEXTS.codeLabel);
  await expect(field).toBeFocused();
  await expect(card.getByRole('status')).toContainText('We sent a 6-digit code to');
  await field.fill(await codeSentTo(international));
  await card.getByRole('button', { name: VERIFICATION_TEXTS.confirmCode }).click();
  await expect(page.getByText(VERIFICATION_TEXTS.orderVerified).first()).toBeVisible();
  await expect(card).toHaveCount(0);
}

test.describe('with the shop’s SMS', () => {
  // Nothing here needs the service worker but the offline test, which turns it back on.
  test.use({ serviceWorkers: 'block' });

  test('a guest confirms the phone by the texted code: the order is confirmed and holds its stock', async ({ page, request }) => {
    // 2 of 5 is more than the share unconfirmed orders may hold (30 %): nothing is put aside until the code.
    const product = await createProduct(request, { stock: 5 });
    const phone = ownPhone();
    const billing = { ...guestBilling('Adwoa Sarpong'), phone: phone.typed };
    await addToCart(page, product, 2);
    await page.goto('/checkout');
    await fillBilling(page, billing);
    await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    // The order is placed; the confirmation asks for the code, and nothing is held yet.
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const card = page.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle });
    await expect(card).toContainText(VERIFICATION_TEXTS.requiredNotHeld);
    expect(await orderNow(request, billing.email)).toMatchObject({ verification: 'required', stockHeld: false });
    expect(await stockOf(request, product._id)).toBe(5);

    // Tap targets a thumb can hit.
    const send = card.getByRole('button', { name: VERIFICATION_TEXTS.sendCode });
    expect((await send.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await confirmByCode(page, phone.international);
    // In the card's place, the thanks take the focus (the button pressed is gone).
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: VERIFICATION_TEXTS.orderVerified })).toBeFocused();

    expect(await orderNow(request, billing.email)).toMatchObject({ verification: 'verified', stockHeld: true });
    expect(await stockOf(request, product._id)).toBe(3);

    // The device keeps the phone's token: its next order with that phone is confirmed at once, however it is written.
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillBilling(page, { phone: `+233 ${phone.international.slice(3, 5)} ${phone.international.slice(5, 8)} ${phone.international.slice(8)}` });
    await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).toHaveCount(0);
    const orders = await ordersFor(request, billing.email);
    expect(orders.map((o) => o.verification)).toEqual(['verified', 'verified']);
    expect(await stockOf(request, product._id)).toBe(2);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('an order queued offline asks for the same code once it is sent', async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const product = await createProduct(request);
      const phone = ownPhone();
      const billing = { ...guestBilling('Kojo Antwi'), phone: phone.typed };

      await page.goto(`/product/${product.slug}`);
      await waitUntilOfflineReady(page);
      await goOffline(context);
      await openOffline(page);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await addShownProduct(page, product, 1);
      await openOffline(page, '/checkout');
      await fillBilling(page, billing);
      await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { name: 'Your order is saved on this phone' })).toBeVisible();
      expect(await ordersFor(request, billing.email)).toHaveLength(0);

      // Back online on the checkout: the order goes, and the checkout opens its confirmation, which asks for the code.
      await goOnline(context);
      await expect(page.getByText(/Your saved order went through: /)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expect(page.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).toBeVisible();
      expect(await orderNow(request, billing.email)).toMatchObject({ verification: 'required' });

      await confirmByCode(page, phone.international);
      expect(await orderNow(request, billing.email)).toMatchObject({ verification: 'verified', stockHeld: true });
    });
  });
});

/** The big shop (5,000 products, no SMS gateway): its own server, started by playwright.config.ts for whole runs. */
const BIG_SHOP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 20}`;

test.describe('a shop with no SMS', () => {
  test.use({ baseURL: BIG_SHOP, serviceWorkers: 'block' });

  test.beforeEach(async () => {
    const up = await fetch(`${BIG_SHOP}/api/settings`).then(
      (res) => res.ok,
      () => false,
    );
    test.skip(!up, 'the big shop (no SMS) runs only in whole runs, or with --project phone-big-catalogue');
  });

  test('a guest told their order waits for the shop: no code to ask for', async ({ page, request }) => {
    // The shop's copy of 5,000 products is not this test's business: the phone does not download it.
    await page.route('**/api/catalogueChanges**', (route) => route.abort());
    const res = await request.get('/api/getProducts', { params: { page: '1', limit: '24' } });
    const product = ((await res.json()) as { data: Product[] }).data.find((p) => p.stock >= 10);
    if (!product) throw new Error('the big shop has no product with 10 in stock on its first page');
    const settings = (await (await request.get('/api/settings')).json()) as { data: { passwordReset: { sms: boolean } } };
    expect(settings.data.passwordReset.sms).toBe(false);

    const billing = { ...guestBilling('Esi Quaye'), phone: ownPhone().typed };
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillBilling(page, billing);
    await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const waiting = page.getByRole('region', { name: VERIFICATION_TEXTS.waitingTitle });
    await expect(waiting).toContainText('The shop will call you to confirm your order');
    await expect(waiting.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).toHaveCount(0);

    const orders = await (await request.get('/api/getAllOrders', { params: { q: billing.email }, headers: await adminHeaders(request) })).json();
    expect((orders as { orders: Order[] }).orders).toEqual([expect.objectContaining({ email: billing.email, verification: 'waiting_for_shop' })]);
  });
});
