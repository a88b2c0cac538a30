import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminOrderPage } from '@/client/features/admin/orders/components/admin-order-page';
import { EnterOrderPage } from '@/client/features/admin/orders/components/enter-order-page';
import { ENTER_ORDER_TEXTS } from '@/client/features/admin/orders/texts';
import { DELIVERY_TEXTS } from '@/shared/delivery';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { ENTERED_ORDER_TEXTS } from '@/shared/schemas/orders';
import type { ApiError, EnteredOrderAnswer, ShopSettings } from '@/shared/types';
import { type ApiCall, deferred, json, mockApi, type Route } from './api-mock';
import {
  fakeTimersAndFreshStores,
  givenCatalogue,
  givenShopSettings,
  makeAdminOrder,
  makeDeliveryOption,
  makeProduct,
  SHOP_SETTINGS,
  signedInAs,
} from './fixtures';
import { renderWithRouter } from './render';

/**
 * The admin records an order taken by phone or WhatsApp at /admin/orders/new. The
 * catalogue and the shop's settings are in the cache; POST adminOrders is the API mock.
 */

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

const SHEA_ID = '11111111-1111-4111-8111-111111111111';
const SHEA = makeProduct({ _id: SHEA_ID, name: 'Raw Shea Butter', price: 45.5, stock: 5 });
const SOAP = makeProduct({ _id: '22222222-2222-4222-8222-222222222222', name: 'African Black Soap', price: 30, stock: 10 });
const OIL = makeProduct({ _id: '33333333-3333-4333-8333-333333333333', name: 'Coconut Oil', price: 60, stock: 3 });

/** ₵20 with the order, Accra only, free from ₵200. */
const ACCRA_RIDER = makeDeliveryOption({
  _id: 'aaaaaaaa-0000-4000-8000-00000000000a',
  name: 'Accra rider',
  regions: ['Greater Accra'],
  cities: ['Accra'],
  fee: 20,
  freeFrom: 200,
});
/** Collected at the Osu shop, Greater Accra customers only. */
const PICKUP = makeDeliveryOption({ _id: 'aaaaaaaa-0000-4000-8000-00000000000b', name: 'Pick up at our Osu shop', regions: ['Greater Accra'], pickup: true });
const KUMASI_RIDER = makeDeliveryOption({
  _id: 'aaaaaaaa-0000-4000-8000-00000000000c',
  name: 'Kumasi rider',
  regions: ['Ashanti'],
  cities: ['Kumasi'],
  fee: 25,
  feePaidWith: 'rider',
});

// No pause between keys: the form has many fields to type.
const user = () => userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
type User = ReturnType<typeof user>;

const ORDER = makeAdminOrder({ _id: 'o9', orderNumber: 'NK-PHONE1', enteredByAdmin: true, user: null });
const recorded =
  (extra: Partial<EnteredOrderAnswer> = {}): Route =>
  () =>
    json({ message: ENTERED_ORDER_TEXTS.placed, order: ORDER, ...extra } satisfies EnteredOrderAnswer, 201);

async function showPage(settings: Partial<ShopSettings> = {}, routes: Record<string, Route> = {}) {
  givenCatalogue([SHEA, SOAP, OIL]);
  givenShopSettings({ ...SHOP_SETTINGS, ...settings });
  const calls = mockApi(routes);
  const view = await renderWithRouter(<EnterOrderPage />, { path: '/admin/orders/new' });
  await screen.findByRole('heading', { level: 1, name: ENTER_ORDER_TEXTS.title });
  return { calls, ...view };
}

async function addProduct(u: User, search: string, name: string, times = 1) {
  const box = screen.getByRole('searchbox', { name: ENTER_ORDER_TEXTS.searchLabel });
  await u.clear(box);
  await u.type(box, search);
  for (let i = 0; i < times; i += 1) await u.click(screen.getByRole('button', { name: `Add ${name}` }));
}

async function fillCustomer(u: User, { phone = '024 555 0101' } = {}) {
  await u.type(screen.getByRole('textbox', { name: 'Full name' }), 'Auntie Akos');
  await u.type(screen.getByRole('textbox', { name: 'Phone' }), phone);
  await u.type(screen.getByRole('textbox', { name: 'City' }), 'Accra');
  await u.type(screen.getByRole('textbox', { name: 'Address' }), 'Madina market, stall 12');
}

const submit = () => screen.getByRole('button', { name: ENTER_ORDER_TEXTS.submit });

/** Raw Shea Butter for the phone buyer in Greater Accra, by the Accra rider, and Record: the order the delivery tests send. */
async function orderSheaByAccraRider(u: User) {
  await addProduct(u, 'shea', 'Raw Shea Butter');
  await fillCustomer(u);
  await u.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Greater Accra');
  await u.click(screen.getByRole('radio', { name: 'Accra rider' }));
  await u.click(submit());
}
const summary = () => screen.getByRole('complementary', { name: ENTER_ORDER_TEXTS.summaryTitle });
const figure = (term: string) => within(summary()).queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
const posts = (calls: ApiCall[]) => calls.filter((c) => c.key === 'POST adminOrders');
const keyOf = (call: ApiCall | undefined) => call?.headers.get('idempotency-key');
const deliveryRadios = () =>
  within(screen.getByRole('group', { name: ENTER_ORDER_TEXTS.deliveryLegend }))
    .queryAllByRole('radio')
    .map((r) => r.getAttribute('value'));

fakeTimersAndFreshStores();
signedInAs(admin);

// Each test types a whole order: under a full parallel run that takes more than the default 5 s.
describe('recording a phone or WhatsApp order', { timeout: 15_000 }, () => {
  it('adds products from the catalogue search, with their price, stock and line totals, and sums them', async () => {
    await showPage();
    const u = user();
    expect(screen.getByText(ENTER_ORDER_TEXTS.noLines)).toBeInTheDocument();

    await u.type(screen.getByRole('searchbox', { name: ENTER_ORDER_TEXTS.searchLabel }), 'SOAP');
    expect(within(screen.getByRole('list', { name: 'Matching products' })).getAllByRole('listitem')).toHaveLength(1);
    await addProduct(u, 'shea', 'Raw Shea Butter', 2);
    await addProduct(u, 'soap', 'African Black Soap');

    const rows = within(screen.getByRole('table', { name: ENTER_ORDER_TEXTS.linesCaption }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent))).toEqual([
      ['Raw Shea Butter5 in stock', '₵45.50'],
      ['African Black Soap10 in stock', '₵30.00'],
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Raw Shea Butter' })).toHaveValue(2);
    expect(within(rows[0] as HTMLElement).getByText('₵91.00')).toBeInTheDocument();
    expect(figure('Raw Shea Butter × 2')).toBe('₵91.00');
    expect(figure('Subtotal')).toBe('₵121.00');
    expect(figure('Total')).toBe('₵121.00');
    // The shop has no delivery options: no delivery line, no delivery field.
    expect(figure('Delivery')).toBeUndefined();
    expect(screen.queryByRole('group', { name: ENTER_ORDER_TEXTS.deliveryLegend })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Remove African Black Soap' }));
    expect(figure('Subtotal')).toBe('₵91.00');
    expect(screen.getByRole('searchbox', { name: ENTER_ORDER_TEXTS.searchLabel })).toHaveFocus();
  });

  it('never lets a line go above what is in stock', async () => {
    await showPage();
    const u = user();
    await addProduct(u, 'coconut', 'Coconut Oil', 3);
    expect(screen.getByRole('button', { name: 'Add Coconut Oil' })).toBeDisabled();
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Coconut Oil' });
    expect(quantity).toHaveValue(3);
    expect(quantity).toHaveAccessibleDescription(`3 in stock · ${ENTER_ORDER_TEXTS.mostAllowed(3)}`);
    await u.clear(quantity);
    await u.type(quantity, '7');
    expect(quantity).toHaveValue(3);
    expect(figure('Total')).toBe('₵180.00');
  });

  it('checks the form with the shared rules before sending, each error under its field, the first one focused', async () => {
    const { calls } = await showPage();
    const u = user();
    await u.click(submit());
    expect(screen.getByText(PAGE_MESSAGES.cartEmpty)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: ENTER_ORDER_TEXTS.searchLabel })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(PAGE_MESSAGES.fullNameRequired);

    await addProduct(u, 'shea', 'Raw Shea Butter');
    await u.type(screen.getByRole('textbox', { name: 'Phone' }), '12345');
    await u.type(screen.getByRole('textbox', { name: 'E-mail (optional)' }), 'not an email');
    await u.click(submit());
    expect(screen.queryByText(PAGE_MESSAGES.cartEmpty)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(PAGE_MESSAGES.invalidPhone);
    expect(screen.getByRole('textbox', { name: 'E-mail (optional)' })).toHaveAccessibleDescription(PAGE_MESSAGES.invalidEmail);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription(PAGE_MESSAGES.cityRequired);
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(PAGE_MESSAGES.addressRequired);

    // Typing in a field clears its error.
    await u.type(screen.getByRole('textbox', { name: 'Full name' }), 'Auntie Akos');
    expect(screen.getByRole('textbox', { name: 'Full name' })).not.toHaveAccessibleDescription(PAGE_MESSAGES.fullNameRequired);
    expect(posts(calls)).toEqual([]);
  });

  it('sends the order once under one Idempotency-Key: the same key after a network failure, a new one for the next order; cash goes to the order page', async () => {
    let fail = true;
    const held = deferred();
    const { calls } = await showPage(
      {},
      {
        'POST adminOrders': () => {
          if (fail) throw new TypeError('Failed to fetch');
          return held.promise;
        },
      },
    );
    const u = user();
    await addProduct(u, 'shea', 'Raw Shea Butter', 2);
    await fillCustomer(u);
    await u.type(screen.getByRole('textbox', { name: 'E-mail (optional)' }), 'Akos@Example.com');
    await u.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(ENTER_ORDER_TEXTS.failed);
    const [first] = posts(calls);
    expect(first?.body).toEqual({
      fullName: 'Auntie Akos',
      phone: '0245550101',
      email: 'akos@example.com',
      city: 'Accra',
      address: 'Madina market, stall 12',
      payment: 'cash',
      orderStatus: 'Processing',
      lines: [{ productId: SHEA_ID, quantity: 2 }],
    });
    expect(first?.authorization).toBe('Bearer tok-admin');
    expect(keyOf(first)).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);

    // The retry: the same key, so a first order that did reach the shop is answered, never doubled.
    fail = false;
    await u.click(submit());
    // Sending: the button says so and takes no second tap.
    expect(screen.getByRole('button', { name: ENTER_ORDER_TEXTS.submitting })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: ENTER_ORDER_TEXTS.submitting }));
    expect(posts(calls)).toHaveLength(2);
    expect(keyOf(posts(calls)[1])).toBe(keyOf(first));
    held.resolve(json({ message: ENTERED_ORDER_TEXTS.placed, order: ORDER } satisfies EnteredOrderAnswer, 201));

    expect(await screen.findByTestId('navigated')).toHaveTextContent('/admin/orders/o9');
    expect(await screen.findByText(ENTERED_ORDER_TEXTS.placed)).toBeInTheDocument();
  });

  it('gives the next order a new key once one is recorded', async () => {
    const { calls, unmount } = await showPage({}, { 'POST adminOrders': recorded() });
    const u = user();
    await addProduct(u, 'shea', 'Raw Shea Butter');
    await fillCustomer(u);
    await u.click(submit());
    await screen.findByTestId('navigated');
    unmount();

    await renderWithRouter(<EnterOrderPage />, { path: '/admin/orders/new' });
    await addProduct(u, 'shea', 'Raw Shea Butter');
    await fillCustomer(u);
    await u.click(submit());
    await screen.findByTestId('navigated');
    const [one, two] = posts(calls);
    expect(one?.body).toEqual(two?.body);
    expect(keyOf(two)).not.toBe(keyOf(one));
  });

  it('a Mobile Money prompt needs the wallet: prefilled from the phone with its network, sent with the order', async () => {
    const { calls } = await showPage({}, { 'POST adminOrders': recorded({ message: ENTERED_ORDER_TEXTS.promptSent }) });
    const u = user();
    await addProduct(u, 'shea', 'Raw Shea Butter');
    await fillCustomer(u, { phone: '020 555 0101' });
    await u.click(screen.getByRole('radio', { name: /Mobile Money prompt/ }));
    const wallet = screen.getByRole('textbox', { name: ENTER_ORDER_TEXTS.walletLabel });
    expect(wallet).toHaveValue('020 555 0101');
    expect(screen.getByRole('combobox', { name: ENTER_ORDER_TEXTS.networkLabel })).toHaveValue('vod');

    await u.clear(wallet);
    await u.click(submit());
    expect(wallet).toHaveFocus();
    expect(wallet).toHaveAccessibleDescription(expect.stringContaining(ENTERED_ORDER_TEXTS.walletNeeded));
    expect(posts(calls)).toEqual([]);

    await u.type(wallet, '0244 123 456');
    expect(screen.getByRole('combobox', { name: ENTER_ORDER_TEXTS.networkLabel })).toHaveValue('mtn');
    await u.click(submit());
    await screen.findByTestId('navigated');
    expect(posts(calls)[0]?.body).toMatchObject({ payment: 'momo_prompt', momoPhone: '0244123456', momoNetwork: 'mtn', phone: '0205550101' });
    expect(await screen.findByText(ENTERED_ORDER_TEXTS.promptSent)).toBeInTheDocument();
  });

  it('starts a cash order as Processing (confirmed on the phone) unless Pending is chosen; Mobile Money waits for its payment', async () => {
    const { calls } = await showPage({}, { 'POST adminOrders': recorded() });
    const u = user();
    const status = screen.getByRole('group', { name: ENTER_ORDER_TEXTS.statusLegend });
    expect(within(status).getByRole('radio', { name: /^Processing/ })).toBeChecked();
    expect(within(status).getByRole('radio', { name: /^Processing/ })).toHaveAccessibleDescription(ENTER_ORDER_TEXTS.statuses.Processing.hint);

    await u.click(screen.getByRole('radio', { name: /Mobile Money prompt/ }));
    expect(within(status).queryByRole('radio')).not.toBeInTheDocument();
    expect(status).toHaveTextContent(ENTERED_ORDER_TEXTS.momoStartsPending);

    await u.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await u.click(within(status).getByRole('radio', { name: /^Pending/ }));
    await addProduct(u, 'shea', 'Raw Shea Butter');
    await fillCustomer(u);
    await u.click(submit());
    await screen.findByTestId('navigated');
    expect(posts(calls)[0]?.body).toMatchObject({ payment: 'cash', orderStatus: 'Pending' });
  });

  it("asks for the customer's region, not the reader's", async () => {
    await showPage({ delivery: [ACCRA_RIDER] });
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(within(region).getAllByRole('option')[0]).toHaveTextContent('Choose the customer’s region');
    expect(screen.queryByText(/your region/i)).not.toBeInTheDocument();
  });

  it('offers Mobile Money only when the shop takes it', async () => {
    await showPage({ payments: { mobileMoney: false, testPayments: false } });
    const payment = screen.getByRole('group', { name: ENTER_ORDER_TEXTS.paymentLegend });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cash']);
  });

  it('shows the payment link the customer was sent, to copy', async () => {
    const link = 'https://checkout.paystack.com/abc123';
    const { calls } = await showPage({}, { 'POST adminOrders': recorded({ message: ENTERED_ORDER_TEXTS.linkSent, paymentLink: link }) });
    const u = user();
    await addProduct(u, 'soap', 'African Black Soap');
    await fillCustomer(u);
    await u.click(screen.getByRole('radio', { name: /payment link by SMS/ }));
    await u.click(submit());
    await screen.findByTestId('navigated');
    expect(posts(calls)[0]?.body).toMatchObject({ payment: 'momo_link' });
    expect(posts(calls)[0]?.body).not.toHaveProperty('momoPhone');
    // Paid by Mobile Money, it waits for the payment as Pending (the server decides so when no status comes).
    expect(posts(calls)[0]?.body).not.toHaveProperty('orderStatus');
    expect(await screen.findByText(ENTERED_ORDER_TEXTS.linkSent)).toBeInTheDocument();
    expect(screen.getByText(link)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ENTER_ORDER_TEXTS.copyLink })).toBeInTheDocument();
  });

  it('lists the delivery options serving the region and city, with the fee on the goods, and sends the one chosen', async () => {
    const { calls } = await showPage({ delivery: [ACCRA_RIDER, PICKUP, KUMASI_RIDER] }, { 'POST adminOrders': recorded() });
    const u = user();
    await addProduct(u, 'shea', 'Raw Shea Butter', 2);
    expect(screen.getByText(ENTER_ORDER_TEXTS.locateFirst)).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Ashanti');
    await u.type(screen.getByRole('textbox', { name: 'City' }), 'Kumasi');
    expect(deliveryRadios()).toEqual(['aaaaaaaa-0000-4000-8000-00000000000c']);
    await u.click(screen.getByRole('radio', { name: 'Kumasi rider' }));
    expect(figure('Delivery')).toBe(DELIVERY_TEXTS.paidToRider('₵25.00'));
    expect(figure('Total')).toBe('₵91.00');

    await u.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Volta');
    expect(screen.getByText(DELIVERY_TEXTS.noOptionFits)).toBeInTheDocument();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Greater Accra');
    await u.clear(screen.getByRole('textbox', { name: 'City' }));
    await u.type(screen.getByRole('textbox', { name: 'City' }), 'Accra');
    expect(deliveryRadios()).toEqual(['aaaaaaaa-0000-4000-8000-00000000000a', 'aaaaaaaa-0000-4000-8000-00000000000b']);
    await u.type(screen.getByRole('textbox', { name: 'Full name' }), 'Auntie Akos');
    await u.type(screen.getByRole('textbox', { name: 'Phone' }), '0245550101');
    await u.type(screen.getByRole('textbox', { name: 'Address' }), 'Madina');
    await u.type(screen.getByRole('textbox', { name: /GhanaPost GPS/ }), 'ga1838164');
    await u.tab();
    expect(screen.getByRole('textbox', { name: /GhanaPost GPS/ })).toHaveValue('GA-183-8164');

    // None chosen where some serve the address: the first option is focused.
    await u.click(submit());
    expect(screen.getByRole('radio', { name: 'Accra rider' })).toHaveFocus();
    expect(screen.getByText(DELIVERY_TEXTS.optionRequired)).toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: 'Accra rider' }));
    expect(figure('Delivery')).toBe('₵20.00');
    expect(figure('Total')).toBe('₵111.00');
    await u.click(submit());
    await screen.findByTestId('navigated');
    expect(posts(calls)[0]?.body).toMatchObject({
      region: 'Greater Accra',
      city: 'Accra',
      gpsAddress: 'GA-183-8164',
      deliveryOptionId: 'aaaaaaaa-0000-4000-8000-00000000000a',
      deliveryFee: 20,
    });
  });

  it('shows a delivery changed meanwhile (409) as it is now, and records the order again only when confirmed, under a new key', async () => {
    const now = { ...ACCRA_RIDER, fee: 25 };
    let answer: Route = () => json({ message: DELIVERY_TEXTS.feeChanged('₵25.00'), delivery: { fee: 25, options: [now, PICKUP] } } satisfies ApiError, 409);
    const { calls } = await showPage({ delivery: [ACCRA_RIDER, PICKUP] }, { 'POST adminOrders': (body, request) => answer(body, request) });
    const u = user();
    await orderSheaByAccraRider(u);

    expect(await screen.findByRole('alert')).toHaveTextContent(DELIVERY_TEXTS.feeChanged('₵25.00'));
    await waitFor(() => expect(figure('Delivery')).toBe('₵25.00'));
    expect(figure('Total')).toBe('₵70.50');
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();

    answer = recorded();
    await u.click(submit());
    await screen.findByTestId('navigated');
    const [refused, confirmed] = posts(calls);
    expect(refused?.body).toMatchObject({ deliveryOptionId: 'aaaaaaaa-0000-4000-8000-00000000000a', deliveryFee: 20 });
    expect(confirmed?.body).toMatchObject({ deliveryOptionId: 'aaaaaaaa-0000-4000-8000-00000000000a', deliveryFee: 25 });
    expect(keyOf(confirmed)).not.toBe(keyOf(refused));
  });

  it('an option gone meanwhile (409, no fee) is unselected and the options as they are now get the focus', async () => {
    const { calls } = await showPage(
      { delivery: [ACCRA_RIDER, PICKUP] },
      { 'POST adminOrders': () => json({ message: DELIVERY_TEXTS.optionGone, delivery: { fee: null, options: [PICKUP] } } satisfies ApiError, 409) },
    );
    const u = user();
    await orderSheaByAccraRider(u);
    await waitFor(() => expect(deliveryRadios()).toEqual(['aaaaaaaa-0000-4000-8000-00000000000b']));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Pick up at our Osu shop' })).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Pick up at our Osu shop' })).not.toBeChecked();
    expect(posts(calls)).toHaveLength(1);
  });
});

describe('an order the shop entered', () => {
  it('says so on its page', async () => {
    mockApi({ 'GET getOrderById/o9': () => json({ order: ORDER }), 'GET outboxMessages': () => json({ messages: [], total: 0, page: 1, limit: 100 }) });
    await act(() => renderWithRouter(<AdminOrderPage id="o9" />, { path: '/admin/orders/o9' }));
    await screen.findByRole('heading', { level: 1, name: 'Order NK-PHONE1' });
    expect(within(screen.getByRole('banner')).getByText(ENTER_ORDER_TEXTS.enteredBadge)).toBeInTheDocument();
  });
});
