import type { DeliveryOption } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import { addToCart, adminHeaders, createProduct, expect, fillBilling, guestBilling, test, unique } from './fixtures';
import { expectNoProblems, SWEEP_VIEWPORT, sweep } from './phone-sweep-checks';

/**
 * The checkout at 360×800 with the shop's delivery options (phone-sweep.spec.ts has it without):
 * the options to choose from, the summary with the fee and how much more makes delivery free, with
 * Cash on Delivery and with Mobile Money. Options change every checkout, so this file runs with
 * delivery.spec.ts after the rest of the suite (playwright.config.ts), its options for a town of its own.
 */
test.use({ viewport: SWEEP_VIEWPORT, serviceWorkers: 'block' });

const made: string[] = [];
test.afterEach(async ({ request }) => {
  const headers = await adminHeaders(request);
  for (const id of made.splice(0)) await request.delete(`/api/deliveryOptions/${id}`, { headers });
});

type NewOption = Pick<DeliveryOption, 'name' | 'regions' | 'cities' | 'fee' | 'feePaidWith' | 'eta'> & Partial<Pick<DeliveryOption, 'freeFrom' | 'pickup'>>;

test('the checkout with delivery options at 360×800: the options, the fee and the way to free delivery stay in their boxes, uncovered', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const town = unique('Dansoman').replace(/\s+/g, '-');
  const options: NewOption[] = [
    {
      name: unique('Rider in Accra (same day, before 6 pm)'),
      regions: ['Greater Accra'],
      cities: [town],
      fee: 25,
      freeFrom: 400,
      feePaidWith: 'order',
      eta: 'Same or next day',
    },
    { name: unique('Pickup at the Osu shop'), regions: [], cities: [town], fee: 0, feePaidWith: 'order', eta: 'Ready the same day', pickup: true },
  ];
  const headers = await adminHeaders(request);
  for (const option of options) {
    const res = await request.post('/api/deliveryOptions', { headers, data: option });
    expect(res.status(), await res.text()).toBe(201);
    const created = ((await res.json()) as { data: DeliveryOption[] }).data.find((o) => o.name === option.name);
    if (created) made.push(created._id);
  }
  const product = await createProduct(request, { name: `Whipped Shea Butter – Lemongrass ${Date.now().toString(36)}`, price: 360 });
  const problems: string[] = [];

  await addToCart(page, product, 1);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeVisible();
  await fillBilling(page, { ...guestBilling('Yaw Asante-Darko'), city: town });
  await page.getByLabel('Region').selectOption('Greater Accra');
  const delivery = page.getByRole('group', { name: 'Delivery' });
  await delivery.getByRole('radio', { name: new RegExp(options[0]!.name.replace(/[()]/g, '\\$&')) }).check();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(formatCedis(385));
  // ₵360 of goods, free from ₵400.
  await expect(summary).toContainText(`Add ${formatCedis(40)} more for free delivery.`);
  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await sweep(page, 'checkout with delivery options, Cash on Delivery', problems);

  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await expect(page.getByLabel('Mobile Money number')).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await sweep(page, 'checkout with delivery options, Mobile Money', problems);

  expectNoProblems(problems);
});
