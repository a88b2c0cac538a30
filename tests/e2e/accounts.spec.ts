import { type APIRequestContext, devices, type Page } from '@playwright/test';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { checkOutAsGuest, createProduct, expect, guestBilling, messagesSent, type SentMail, type SentSms, test, unique } from './fixtures';

/**
 * Nobody locked out for good, at phone size against the real server, the real SMTP server
 * and the fake Hubtel gateway (tests/e2e/message-sinks.ts): a password reset by the e-mailed link and
 * by the SMS code, and a guest finding an order on a second browser.
 */
test.use({ serviceWorkers: 'block' });

const OLD_PASSWORD = 'shea-butter-2026';
const NEW_PASSWORD = 'baobab-oil-2027';

/** A customer account of this test's own, with a phone of its own (`0` and 9 digits). */
async function accountWithPhone(request: APIRequestContext, fullName: string) {
  const stamp = unique('x').replace(/\W/g, '');
  const phone = `02${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;
  const account = { fullName, email: `reset-${stamp}@example.com`, password: OLD_PASSWORD, phone };
  const res = await request.post('/api/addUser', { data: { ...account, confirmPassword: OLD_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

const signInStatus = async (request: APIRequestContext, email: string, password: string) =>
  (await request.post('/api/login', { data: { email, password } })).status();

/** The account this browser is signed in as (the session store in localStorage), or null. */
const signedInEmail = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('session') ?? 'null') as { state?: { session?: { email?: string } } } | null)?.state?.session?.email ?? null,
  );

async function askForReset(page: Page, contact: string) {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email or phone number').fill(contact);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

async function chooseNewPassword(page: Page) {
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
}

test('forgot password by e-mail: the mailed link sets a new password once, signs in, and the old password is refused', async ({ page, request }) => {
  const account = await accountWithPhone(request, 'Adjoa Link');
  await askForReset(page, account.email);
  await expect(page.getByText(ACCOUNT_TEXTS.resetLinkSent)).toBeVisible();

  let link = '';
  await expect
    .poll(
      async () =>
        (link =
          (await messagesSent<SentMail>('mails'))
            .find((m) => m.to.includes(account.email))
            ?.text.match(/https?:\/\/\S+\/reset-password#token=[\w-]{43}/)?.[0] ?? ''),
      { timeout: 15_000 },
    )
    .not.toBe('');
  const { pathname, hash } = new URL(link);

  await page.goto(`${pathname}${hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token leaves the address bar as the page opens: no history entry or shared screenshot keeps it.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await chooseNewPassword(page);
  await expect(page.getByText(ACCOUNT_TEXTS.passwordResetDone)).toBeVisible();
  await expect.poll(() => signedInEmail(page)).toBe(account.email);
  expect(await signInStatus(request, account.email, OLD_PASSWORD)).toBe(401);
  expect(await signInStatus(request, account.email, NEW_PASSWORD)).toBe(200);

  // The same link a second time: refused, with a way to ask for a new one.
  await page.goto(`${pathname}${hash}`);
  await chooseNewPassword(page);
  await expect(page.getByText(ACCOUNT_TEXTS.resetLinkInvalid)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('forgot password by SMS: the code from the gateway sets a new password and signs in', async ({ page, request }) => {
  const account = await accountWithPhone(request, 'Kojo Code');
  await askForReset(page, account.phone);
  await expect(page.getByText(ACCOUNT_TEXTS.resetCodeSent)).toBeVisible();

  const to = `233${account.phone.slice(1)}`;
  let code = '';
  await expect
    .poll(async () => (code = (await messagesSent<SentSms>('sms')).findLast((s) => s.to === to)?.text.match(/code is (\d{6})\b/)?.[1] ?? ''), {
      timeout: 15_000,
    })
    .not.toBe('');

  // A wrong code first: refused at the field, the form kept.
  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
  await chooseNewPassword(page);
  await expect(page.getByText(ACCOUNT_TEXTS.resetCodeWrong).first()).toBeVisible();

  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.passwordResetDone)).toBeVisible();
  await expect.poll(() => signedInEmail(page)).toBe(account.email);
  expect(await signInStatus(request, account.email, OLD_PASSWORD)).toBe(401);
  expect(await signInStatus(request, account.email, NEW_PASSWORD)).toBe(200);
});

test('a guest finds an order by its number and phone on a second browser, and it joins that phone’s orders', async ({ page, request, browser }) => {
  const product = await createProduct(request);
  const billing = guestBilling('Efua Lookup');
  const order = await checkOutAsGuest(page, request, product, billing);

  // Another phone, which has never seen the shop.
  const other = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const finder = await other.newPage();
  await finder.goto('/orders');
  await finder
    .getByRole('link', { name: /find an order/i })
    .first()
    .click();
  await finder.getByLabel('Order number').fill(order.orderNumber.toLowerCase());
  await finder.getByLabel('Phone or email used for the order').fill('0200000000');
  await finder.getByRole('button', { name: 'Find order' }).click();
  await expect(finder.getByText(ACCOUNT_TEXTS.orderLookupNotFound)).toBeVisible();

  await finder.getByLabel('Phone or email used for the order').fill(billing.phone);
  await finder.getByRole('button', { name: 'Find order' }).click();
  await expect(finder.getByRole('heading', { name: `Order ${order.orderNumber} found` })).toBeVisible();
  await expect(finder.getByRole('main')).toContainText(product.name);
  // Read-only: no cancel, no payment change without the placing phone's token.
  await expect(finder.getByRole('button', { name: /cancel/i })).toHaveCount(0);

  await finder.goto('/orders');
  const card = finder.getByRole('listitem').filter({ hasText: order.orderNumber });
  await expect(card).toContainText('Looked up');
  await card.getByRole('link').first().click();
  await expect(finder).toHaveURL(/\/o\/[\w-]{36}$/);
  await expect(finder.getByRole('heading', { name: `Order ${order.orderNumber}`, exact: true })).toBeVisible();
  await other.close();
});
