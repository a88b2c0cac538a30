import { devices } from '@playwright/test';
import { NO_LINK_TEXTS } from '@/server/notify/texts';
import { signInAsAdmin } from './admin-fixtures';
import { checkOutAsGuest, createProduct, expect, guestBilling, messagesSent, type SentMail, type SentSms, test } from './fixtures';

/**
 * The shop's messages against the real server, a real SMTP server and the fake Hubtel gateway
 * (tests/e2e/message-sinks.ts, started with the shop): a guest's Cash on Delivery order on a phone,
 * the admin's message log on a tablet, the "shipped" e-mail, and the order found from the SMS (which
 * carries no link: the shop has no PUBLIC_URL) in a fresh browser with nothing of the shopper's.
 */
test.use({ serviceWorkers: 'block' });

test('a guest’s Cash on Delivery order: SMS and e-mail in the admin’s log, "shipped" by e-mail, and the SMS tells how to find the order anywhere', async ({
  page,
  request,
  browser,
}) => {
  const product = await createProduct(request);
  const billing = guestBilling('Esi Quansah');

  // The shopper, on a phone.
  const order = await checkOutAsGuest(page, request, product, billing);

  // The order's SMS reached the gateway and its e-mail the SMTP server.
  let sms: SentSms | undefined;
  await expect.poll(async () => (sms = (await messagesSent<SentSms>('sms')).find((s) => s.text.includes(order.orderNumber))), { timeout: 15_000 }).toBeTruthy();
  expect(sms?.to).toBe('233241234567');
  expect(sms?.text).toContain('GHS ');
  await expect
    .poll(
      async () =>
        (await messagesSent<SentMail>('mails')).some((m) => m.to.includes(billing.email) && m.subject.includes(`order ${order.orderNumber} received`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // The admin, on a tablet: the order's messages in the log, then the order marked shipped.
  const tablet = await browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
  const admin = await tablet.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/message-log');
  const rows = admin.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(rows.filter({ hasText: billing.email }).filter({ hasText: 'Sent' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '+233241234567' }).filter({ hasText: 'Sent' })).toHaveCount(1);

  await admin.goto(`/admin/orders/${order._id}`);
  await admin.getByRole('combobox', { name: 'Order status' }).selectOption('Shipped');
  await expect(admin.getByText('Order status updated to Shipped')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await messagesSent<SentMail>('mails')).find((m) => m.to.includes(billing.email) && m.subject.includes(`order ${order.orderNumber} is on its way`))
          ?.text,
      { timeout: 15_000 },
    )
    .toContain(`Your order ${order.orderNumber} has left the shop`);
  await tablet.close();

  // The shop runs without PUBLIC_URL while its channels really send (the sinks stand for them): no
  // message links to this machine; the SMS names the order and the lookup page, which a browser that
  // has never seen the shop follows.
  expect(sms?.text).not.toMatch(/https?:/);
  expect(sms?.text).toContain(NO_LINK_TEXTS.smsFindOrder);
  const fresh = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
  const reader = await fresh.newPage();
  await reader.goto('/orders/lookup');
  await reader.getByLabel('Order number').fill(order.orderNumber);
  await reader.getByLabel('Phone or email used for the order').fill(billing.phone);
  await reader.getByRole('button', { name: 'Find order' }).click();
  await expect(reader.getByRole('heading', { name: `Order ${order.orderNumber}`, exact: true })).toBeVisible();
  await expect(reader.getByRole('main')).toContainText(product.name);
  await expect(reader.getByRole('main')).toContainText('Shipped');
  await expect(reader.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  await fresh.close();
});
