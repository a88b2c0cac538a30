import { expectNoSeriousViolations } from './a11y-fixtures';
import { expect, test } from './fixtures';

/**
 * axe on the storefront's one-column pages: the information pages, the forms and their errors, and
 * 404. They run at phone size only (playwright.config.ts): at tablet size each is the phone's layout
 * centred, while a11y.spec.ts scans the pages whose wide layout differs (the header's links, the
 * grids, the two-column pages, the menus and dialogs) at both sizes.
 */

// As in a11y.spec.ts: every state is scanned settled.
test.use({ reducedMotion: 'reduce' });

test('a guest: the information pages, contact, sign-in and sign-up with their errors, and 404', async ({ page }) => {
  for (const [path, heading] of [
    ['/about', 'About'],
    ['/our-brand', 'Our Brand'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
  await expectNoSeriousViolations(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(page, '/contact, errors shown');

  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expectNoSeriousViolations(page, '/signin');
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter both email and password.')).toBeVisible();
  await expectNoSeriousViolations(page, '/signin, error shown');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expectNoSeriousViolations(page, '/signup');
  await page.getByRole('main').getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();
  await expectNoSeriousViolations(page, '/signup, error shown');

  await page.goto('/no-such-page');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await expectNoSeriousViolations(page, '404');
});

test('the ways back in: forgot password, a reset page without its link, and finding an order, with their errors', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousViolations(page, '/forgot-password');
  await page.getByRole('main').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Enter your email or phone number.').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/forgot-password, error shown');

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset link not valid' })).toBeVisible();
  await expectNoSeriousViolations(page, '/reset-password without a link');

  await page.goto('/orders/lookup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, '/orders/lookup');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText('Enter the order number, such as NK-7K3M9P.').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/orders/lookup, errors shown');
});
