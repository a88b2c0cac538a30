import { catalogue, createAccount, createProduct, expect, keepScreenshot, openMenu, openSearch, pageTitle, signIn, test, unique } from './fixtures';

/**
 * A shopper's path through the storefront on a phone and on a tablet, against the real server and
 * its demo catalogue (each test's products are its own). With E2E_SCREENSHOTS=1, phone-size screenshots go to reports/screenshots.
 */
test('a guest browses, searches, keeps 2 in the cart across a reload, then finds them in the server cart after signing up and in', async ({
  page,
  request,
}, testInfo) => {
  // Its first two words are its own, for the search below.
  const product = await createProduct(request, { name: `${unique('Chebe')} Hair Butter`, category: 'Hair', stock: 5 });
  const phone = testInfo.project.name === 'phone';

  await page.goto('/');
  await expect(page.getByText('Unlock Your Natural Glow')).toBeVisible();
  if (phone) await keepScreenshot(page, 'home');

  // A category from the menu.
  const menu = phone ? await openMenu(page) : page;
  await menu.getByRole('link', { name: 'Hair', exact: true }).first().click();
  await expect(page).toHaveURL(/\/hair(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: /hair/i })).toBeVisible();
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  if (phone) await keepScreenshot(page, 'category-hair');

  // Search, then open the product from the dropdown.
  const search = await openSearch(page);
  await search.fill(product.name.split(' ').slice(0, 2).join(' '));
  await page
    .getByRole('option', { name: new RegExp(product.name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle(product.name));
  if (phone) await keepScreenshot(page, 'product');

  // Two of them into the guest cart.
  await page.getByLabel('Quantity').fill('2');
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await expect(page.getByRole('link', { name: /cart, 2 items/i })).toBeVisible();

  // Still there after a reload (IndexedDB).
  await page.goto('/cart');
  await page.reload();
  const row = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(row.getByRole('spinbutton')).toHaveValue('2');
  if (phone) await keepScreenshot(page, 'cart');

  // Sign up, sign in: the guest cart is now the server cart.
  const account = await createAccount(request, 'Esi Amoah');
  await signIn(page, account);
  await page.goto('/cart');
  await expect(page.getByRole('listitem').filter({ hasText: product.name }).getByRole('spinbutton')).toHaveValue('2');

  const login = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  const { token } = await login.json();
  const cart = await request.get('/api/getMyCart', { headers: { authorization: `Bearer ${token}` } });
  const items = (await cart.json()).Cart[0].items as { quantity: number; product: { _id: string } }[];
  expect(items).toEqual([expect.objectContaining({ quantity: 2, product: expect.objectContaining({ _id: product._id }) })]);
});

test('signing up through the form signs the new customer in and lands where a sign-in lands', async ({ page }) => {
  const email = `new-${Date.now()}-${test.info().project.name}@example.com`;
  await page.goto('/signup');
  const form = page.getByRole('main');
  await form.getByLabel('Full name').fill('Kwesi Arthur');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('moringa-2026');
  await form.getByLabel('Confirm Password', { exact: true }).fill('moringa-2026');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  // Home, signed in: no second form to fill in with what was just typed.
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null')?.state?.session?.email)).toBe(email);
});

test('an out-of-stock product cannot be added', async ({ page, request }) => {
  const soldOut = await createProduct(request, { stock: 0 });
  await page.goto(`/product/${soldOut.slug}`);
  await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /add to cart/i }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: /buy now/i }).first()).toBeDisabled();
});

test('an unknown path shows the 404 text and a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the server serves the demo catalogue with its images', async ({ request }) => {
  const products = await catalogue(request);
  expect(products.length).toBeGreaterThanOrEqual(30);
  const image = await request.get(products[0]?.productImageUrls[0] ?? '');
  expect(image.headers()['content-type']).toBe('image/webp');
});
