import type { Page } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures';
import { createAccount, createProduct, expect, keepScreenshot, placeCashOrder, test } from './fixtures';

/**
 * Every admin screen on a tablet either way round, and the wider one: with E2E_SCREENSHOTS=1 a full-page
 * screenshot of each at each size in reports/screenshots/; on each screen no table wider than its
 * container, no fixed or sticky element over a button or link, and every button and link (but a link
 * in a sentence) a finger's 44 px tall. One signed-in page goes through them all, turning the tablet
 * on each screen, in the `tablet` project: the one check at the wider size (the admin flows run at 1024×768).
 */

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

interface Screen {
  name: string;
  path: string;
  heading: string | RegExp;
  /** Something the page shows once its data is in (beyond the heading). */
  ready?: (page: Page) => Promise<void>;
}

/** Nothing on the page scrolls sideways: the page itself and every table's scroll parent. */
async function tablesThatOverflow(page: Page) {
  return page.evaluate(() => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) wide.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      let parent = table.parentElement;
      while (parent && parent !== document.body && !/(auto|scroll|hidden)/.test(getComputedStyle(parent).overflowX)) parent = parent.parentElement;
      const box = parent ?? root;
      const name = table.getAttribute('aria-labelledby') ?? table.querySelector('caption')?.textContent ?? 'a table';
      if (table.scrollWidth > box.clientWidth + 1) wide.push(`${name}: table ${table.scrollWidth} > container ${box.clientWidth}`);
      if (box.scrollWidth > box.clientWidth + 1) wide.push(`${name}: container scrolls ${box.scrollWidth} > ${box.clientWidth}`);
    }
    return wide;
  });
}

/**
 * Every visible button and link at least 44 px tall (a finger's tap), but a link inside a sentence
 * (WCAG 2.5.8's inline exception: its size is the text's).
 */
async function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const inSentence = (link: HTMLElement) => {
      if (getComputedStyle(link).display !== 'inline') return false;
      let block = link.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = (link.textContent ?? '').trim().length;
      return (block?.textContent ?? '').trim().length > own;
    };
    const small: string[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('a[href], button'))) {
      if (control.closest('[inert]') || getComputedStyle(control).visibility === 'hidden') continue;
      const box = control.getBoundingClientRect();
      // Nothing a finger can reach: empty, off to the left, or above the page (the skip link until focused).
      if (box.width < 1 || box.height < 1 || box.right <= 0 || box.bottom + window.scrollY <= 0) continue;
      if (box.height >= 43.5) continue;
      if (control.tagName === 'A' && inSentence(control)) continue;
      small.push(`${control.tagName === 'A' ? 'link' : 'button'} "${nameOf(control)}" is ${Math.round(box.height * 10) / 10}px tall`);
    }
    return [...new Set(small)];
  });
}

/**
 * Every visible button and link, at every place the page scrolls to (a third of a screen at a time):
 * where it is wholly on screen below the top bar, what is under its centre is the control or inside
 * it. A fixed or sticky element over it (a floating button) would be hit instead.
 */
async function coveredControls(page: Page) {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const controls = Array.from(document.querySelectorAll<HTMLElement>('a[href], button')).filter((control) => {
      if (control.closest('[inert]')) return false;
      if (getComputedStyle(control).visibility === 'hidden') return false;
      const box = control.getBoundingClientRect();
      return box.width >= 1 && box.height >= 1 && box.right > 0;
    });
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const end = document.documentElement.scrollHeight - window.innerHeight;
    const step = Math.max(100, Math.floor(window.innerHeight / 3));
    for (let y = 0; ; y = Math.min(end, y + step)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (box.top < top || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) continue;
        const x = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, cy);
        if (hit && (hit === control || control.contains(hit))) continue;
        const by = hit ? `${hit.tagName.toLowerCase()} "${nameOf(hit)}"` : 'nothing';
        problems.add(`${control.tagName.toLowerCase()} "${nameOf(control)}" covered by ${by}`);
      }
      if (y >= end) break;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return [...problems];
  });
}

test('every admin screen at 1024×768, 768×1024 and 1280×800: in view, nothing covered, every tap target 44 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  // Data in every list: a product running low, a customer with an order (which also writes to the message log), a message.
  const product = await createProduct(request, { stock: 2 });
  const account = await createAccount(request, 'Akosua Frimpong-Manso');
  const order = await placeCashOrder(request, account, product);
  const contact = await request.post('/api/contact', {
    data: { name: 'Kojo Antwi', email: account.email, subject: 'Delivery to Tamale', message: 'Do you deliver to the Northern Region?' },
  });
  expect(contact.ok()).toBe(true);
  const customerId = order.user?._id;
  expect(customerId, 'the order belongs to the account').toBeTruthy();
  // Shoppers' speed on the dashboard, with its widest ratings ("Needs work") in every column.
  for (const route of ['/', '/products', '/product/$id']) {
    const beacon = await request.post('/api/vitals', {
      data: JSON.stringify({ route, metrics: { LCP: 3100, INP: 350, CLS: 0.2, TTFB: 1200 } }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(beacon.status()).toBe(204);
  }

  const rows = (page: Page) => expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
  const screens: Screen[] = [
    {
      name: 'dashboard',
      path: '/admin',
      heading: 'Dashboard',
      ready: async (p) => {
        await expect(p.getByRole('region', { name: 'Recent Orders' }).getByRole('row').nth(1)).toBeVisible();
        await expect(
          p
            .getByRole('region', { name: /How fast your shop is/ })
            .getByRole('row')
            .nth(1),
        ).toBeVisible();
      },
    },
    {
      name: 'orders',
      path: '/admin/orders',
      heading: 'Orders',
      ready: (p) => expect(p.getByRole('link', { name: `View order ${order.orderNumber}` })).toBeVisible(),
    },
    { name: 'order-detail', path: `/admin/orders/${order._id}`, heading: new RegExp(order.orderNumber) },
    {
      name: 'record-order',
      path: '/admin/orders/new',
      heading: 'Record an order',
      ready: (p) => expect(p.getByRole('main').getByRole('textbox').first()).toBeVisible(),
    },
    { name: 'products', path: '/admin/products', heading: 'Products', ready: rows },
    { name: 'product-add', path: '/admin/products/add', heading: 'Add Product' },
    {
      name: 'product-edit',
      path: `/admin/products/edit/${product._id}`,
      heading: /Edit/,
      ready: (p) => expect(p.getByRole('main').getByLabel('Name', { exact: true })).toHaveValue(product.name),
    },
    { name: 'low-stock', path: '/admin/products/low-stock', heading: /Low Stock/i, ready: rows },
    { name: 'customers', path: '/admin/customers', heading: 'Customers', ready: rows },
    {
      name: 'customer-profile',
      path: `/admin/customers/${customerId}`,
      heading: account.fullName,
      ready: (p) => expect(p.getByText(order.orderNumber).first()).toBeVisible(),
    },
    {
      name: 'messages',
      path: '/admin/messages',
      heading: /Messages/,
      ready: (p) => expect(p.getByText('Delivery to Tamale').first()).toBeVisible(),
    },
    { name: 'message-log', path: '/admin/message-log', heading: /Message log/i, ready: rows },
    { name: 'promo-codes', path: '/admin/promo-codes', heading: /Promo Codes/i, ready: rows },
    { name: 'settings', path: '/admin/settings', heading: 'Settings' },
  ];

  await signInAsAdmin(page);
  // The welcome toast is a moment's: the checks below are about what stays on the page.
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 8_000 });

  const problems: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize(SIZES[0]);
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await screen.ready?.(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The layout follows the turn, and the side menu has finished sliding away (below 1024 px).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      const at = `${screen.name} ${size.width}×${size.height}`;
      for (const wide of await tablesThatOverflow(page)) problems.push(`${at}: ${wide}`);
      for (const covered of await coveredControls(page)) problems.push(`${at}: ${covered}`);
      for (const small of await smallTapTargets(page)) problems.push(`${at}: ${small}`);
      await keepScreenshot(page, `${screen.name}-${size.width}x${size.height}`);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a product row’s More menu opens whole on screen, over the table, at the last row too', async ({ page, request }) => {
  await createProduct(request);
  await signInAsAdmin(page);
  for (const size of SIZES.slice(0, 2)) {
    await page.setViewportSize(size);
    await page.goto('/admin/products');
    const rows = page.getByRole('main').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const more = page.getByRole('button', { name: /^More actions for / }).last();
    await more.scrollIntoViewIfNeeded();
    await more.click();
    const remove = page.getByRole('menuitem', { name: 'Delete' });
    await expect(remove).toBeInViewport({ ratio: 1 });
    // Nothing (the table's scroll box, the pager) is over it: a tap lands on it.
    const onTop = await remove.evaluate((item) => {
      const box = item.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === item || item.contains(hit);
    });
    expect(onTop, `${size.width}×${size.height}`).toBe(true);
    await page.keyboard.press('Escape');
    await expect(remove).toBeHidden();
    await expect(more).toBeFocused();
  }
});
