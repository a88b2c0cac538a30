/**
 * The interactions `npm run bench:inp` measures (the list), one function each. A scenario's
 * `prepare` runs once in its browser context (a cart to change, an admin signed in); its `run` opens
 * a fresh page, sets it up without trusted input (programmatic focus, scrolling, untrusted clicks:
 * Event Timing ignores them, so they add nothing to the page's INP), then measures the one tap or
 * the one typed word through `measure`. Selectors are the ones the e2e specs use (roles and labels).
 */
import { measure, settle, waitForApp } from './measure.mjs';

/** Typing speed: a quick thumb, about 7 keys a second (and below the search list's 300 ms wait). */
const KEY_DELAY_MS = 140;

/**
 * The tap under test, aimed in set-up: the element scrolled into view and its centre taken, so the
 * measured action is the touch alone (touchscreen.tap: no actionability checks running in the page,
 * which locator.tap() does and which the profiled run would count). The page is let settle first, so
 * nothing moves under the finger between aiming and tapping.
 */
async function aim(locator) {
  await locator.scrollIntoViewIfNeeded();
  await settle(locator.page());
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box to tap`);
  return () => locator.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Puts the bench's product in this context's cart (IndexedDB), through its page, before the runs. */
async function fillCart(context, shop) {
  const page = await context.newPage();
  await page.goto(`/product/${shop.product.id}`);
  const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true });
  await waitForApp(add);
  await add.click();
  await page.getByText(`${shop.product.name} added to cart`).first().waitFor({ timeout: 15_000 });
  await page.close();
}

/** Add to Cart on a card of the shop's grid (/products): the card's own button. */
async function cardAddToCart(page, shop) {
  await page.goto('/products');
  const button = page.getByRole('button', { name: `Add to Cart: ${shop.product.name}`, exact: true });
  await waitForApp(button);
  return measure(page, await aim(button));
}

/** Add to Cart on the product's page (quantity 1). */
async function productAddToCart(page, shop) {
  await page.goto(`/product/${shop.product.id}`);
  const button = page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true });
  await waitForApp(button);
  return measure(page, await aim(button));
}

/** The + of the cart line on /cart (the quantity goes up by one each run). */
async function cartQuantity(page, shop) {
  await page.goto('/cart');
  const plus = page.getByRole('button', { name: `Increase quantity of ${shop.product.name}`, exact: true });
  await waitForApp(plus);
  return measure(page, await aim(plus));
}

/** The top bar's Search button on the home page (the field opens 200 ms after the tap, by design). */
async function searchOpen(page) {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await waitForApp(button);
  return measure(page, await aim(button));
}

/** A word typed into the opened search field (the field opened by an untrusted click): the worst keystroke. */
async function searchType(page) {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await waitForApp(button);
  await button.dispatchEvent('click');
  const field = page.getByRole('combobox', { name: /search/i });
  await field.waitFor({ state: 'visible' });
  await field.focus();
  return measure(page, () => page.keyboard.type('shea', { delay: KEY_DELAY_MS }));
}

/** The phone's Menu button. */
async function menuOpen(page) {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  await waitForApp(button);
  return measure(page, await aim(button));
}

/** The checkout's billing form with the cart filled, its first two fields emptied (the form is kept on the phone). */
async function checkoutForm(page) {
  await page.goto('/checkout');
  const form = page.getByRole('main');
  const fullName = form.getByLabel('Full name');
  await waitForApp(fullName);
  await clearField(fullName);
  await clearField(form.getByLabel('Email'));
  return form;
}

/**
 * Empties a field with no trusted input (Playwright's fill() presses a key, which INP would count):
 * the value set as the browser's own setter does, then an untrusted input event for React and the form.
 */
async function clearField(locator) {
  await locator.evaluate((el) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, '');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Typing a name in Full name, Tab to Email, typing an address, Tab on to Phone: the worst keystroke. */
async function checkoutFields(page) {
  const form = await checkoutForm(page);
  const fullName = form.getByLabel('Full name');
  await fullName.scrollIntoViewIfNeeded();
  await fullName.focus();
  return measure(page, async () => {
    await page.keyboard.type('Ama Owusu', { delay: KEY_DELAY_MS });
    await page.keyboard.press('Tab', { delay: 30 });
    await page.keyboard.type('ama@example.com', { delay: KEY_DELAY_MS });
    await page.keyboard.press('Tab', { delay: 30 });
  });
}

/** A tap on the payment method not chosen (Cash on Delivery, or Mobile Money when that is chosen). */
async function checkoutPayment(page) {
  await checkoutForm(page);
  const cash = page.getByRole('radio', { name: 'Cash on Delivery' });
  const momo = page.getByRole('radio', { name: 'Mobile Money' });
  await waitForApp(cash);
  const radio = (await cash.isChecked()) && (await momo.count()) > 0 ? momo : cash;
  return measure(page, await aim(radio));
}

/** Signs the demo admin in through /signin in this context (the session is kept in localStorage). */
async function signInAdmin(context, shop) {
  const page = await context.newPage();
  await page.goto('/signin');
  const form = page.getByRole('main');
  const submit = form.getByRole('button', { name: 'Sign In', exact: true });
  await waitForApp(submit);
  await form.getByLabel('Email', { exact: true }).fill(shop.admin.email);
  await form.getByLabel('Password', { exact: true }).fill(shop.admin.password);
  await submit.click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 30_000 });
  await page.close();
}

/**
 * A dozen guest orders (Cash on Delivery, delivered in Accra) through the API, so the orders list
 * has a full page of rows to filter, as a shop in business has.
 */
async function placeOrders(shop) {
  const settings = (await (await fetch(`${shop.baseURL}/api/settings`)).json()).data;
  const delivery = settings.delivery.find((option) => !option.pickup && option.regions.includes('Greater Accra'));
  const products = (await (await fetch(`${shop.baseURL}/api/products?limit=20`)).json()).data.filter((p) => p.stock > 5 && p._id !== shop.product.id);
  for (let n = 1; n <= 12; n++) {
    const product = products[n % products.length];
    const res = await fetch(`${shop.baseURL}/api/createGuestOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `bench-inp-${Date.now()}-${n}` },
      body: JSON.stringify({
        fullName: `Bench Shopper ${n}`,
        email: `inp-shopper${n}@example.com`,
        phone: '0241234567',
        address: `${n} Liberation Road`,
        city: 'Accra',
        region: 'Greater Accra',
        deliveryOptionId: delivery?._id,
        paymentMethod: 'Cash on Delivery',
        cart: [{ productId: product._id, quantity: '1' }],
      }),
    });
    if (res.status !== 201) throw new Error(`a bench order was refused: ${res.status} ${await res.text()}`);
  }
}

/** The admin scenario's context: orders to list, and the demo admin signed in. */
async function adminReady(context, shop) {
  await placeOrders(shop);
  await signInAdmin(context, shop);
}

/**
 * The orders list's Status filter on the tablet: a native select, changed from the keyboard (Down
 * arrow: All → Pending), a trusted key press whose change event runs the filter's handler, as a
 * choice in the tablet's picker does. (A tap opens the system picker, which Playwright cannot reach.)
 */
async function adminOrdersFilter(page) {
  await page.goto('/admin/orders');
  const filter = page.getByLabel('Status', { exact: true });
  await waitForApp(filter);
  await page
    .getByRole('link', { name: /^View order/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await filter.focus();
  return measure(page, () => page.keyboard.press('ArrowDown'));
}

/** What runs, in order: name (for INP_SCENARIOS and the report), what it measures, on which device. */
export const SCENARIOS = [
  { name: 'card-add', label: 'add to cart on a card (/products)', device: 'phone', run: cardAddToCart },
  { name: 'product-add', label: 'add to cart on the product page', device: 'phone', run: productAddToCart },
  { name: 'cart-quantity', label: 'cart quantity + (/cart)', device: 'phone', prepare: fillCart, run: cartQuantity },
  { name: 'search-open', label: 'open search (Search button)', device: 'phone', run: searchOpen },
  { name: 'search-type', label: 'type "shea" in search (worst key)', device: 'phone', run: searchType },
  { name: 'menu-open', label: 'open the menu', device: 'phone', run: menuOpen },
  { name: 'checkout-fields', label: 'checkout: type, Tab, type, Tab (worst key)', device: 'phone', prepare: fillCart, run: checkoutFields },
  { name: 'checkout-payment', label: 'checkout: choose a payment method', device: 'phone', prepare: fillCart, run: checkoutPayment },
  { name: 'admin-filter', label: 'admin orders Status filter (tablet)', device: 'tablet', prepare: adminReady, run: adminOrdersFilter },
];
