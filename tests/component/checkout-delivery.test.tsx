import { act, screen, within } from '@testing-library/react';
import { get as idbGet } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '@/client/features/checkout/checkout-page';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { queryClient } from '@/client/lib/query-client';
import { useCart } from '@/client/stores/cart';
import { EMPTY_FORM, useCheckout } from '@/client/stores/checkout';
import { useOutbox } from '@/client/stores/outbox';
import { useSession } from '@/client/stores/session';
import { flushOutbox } from '@/client/stores/sync';
import { DELIVERY_TEXTS, type DeliveryOption, GHANA_REGIONS, gpsMapLink } from '@/shared/delivery';
import type { ApiError, Order, OrderAnswer } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { checkoutPageSetup, user } from './checkout-page';
import { BILLING, CUSTOMER_SESSION, cartAnswerOf, givenShopSettings, makeDeliveryOption, makeOrder, orderLineOf, SHEA, SHOP_SETTINGS, SOAP } from './fixtures';
import { renderWithRouter } from './render';

/**
 * Delivery at the checkout: the region, GPS address and landmark; the shop's options
 * that serve the address with their fees; the summary's delivery and total; what goes with the
 * order; and the server's 409 when the delivery changed meanwhile, online and from the outbox.
 */

/** ₵20 with the order, Accra and Tema only, free from ₵200. */
const ACCRA_RIDER = makeDeliveryOption({
  _id: 'd-accra',
  name: 'Accra rider',
  regions: ['Greater Accra'],
  cities: ['Accra', 'Tema'],
  fee: 20,
  freeFrom: 200,
  eta: 'Same day',
});
/** Collected at the Osu shop: no fee, no address. */
const PICKUP = makeDeliveryOption({ _id: 'd-pickup', name: 'Pick up at our Osu shop', regions: ['Greater Accra'], pickup: true, eta: 'Ready in 2 hours' });
/** Anywhere in Ghana, ₵35 paid to the rider. */
const COURIER = makeDeliveryOption({ _id: 'd-courier', name: 'Nationwide courier', fee: 35, feePaidWith: 'rider', eta: '2-4 days' });
const KUMASI_RIDER = makeDeliveryOption({ _id: 'd-kumasi', name: 'Kumasi rider', regions: ['Ashanti'], cities: ['Kumasi'], fee: 25, eta: 'Next day' });

const OPTIONS = [ACCRA_RIDER, PICKUP, COURIER, KUMASI_RIDER];

/** Kwame's billing details in Accra. */
const IN_ACCRA = { ...BILLING, city: 'Accra' };

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const figure = (term: string) => within(summary()).queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
const deliveryGroup = () => screen.getByRole('group', { name: 'Delivery' });
const radioNames = () =>
  within(deliveryGroup())
    .queryAllByRole('radio')
    .map((r) => r.getAttribute('value'));
const keyOf = (call: { headers: Headers } | undefined) => call?.headers.get('idempotency-key');

const placedOrder = (overrides: Partial<Order> = {}) =>
  makeOrder({ createdAt: '2026-11-22T09:00:00.000Z', user: null, items: [orderLineOf(SHEA)], ...overrides }, { contact: { ...BILLING, phone: '0241234567' } });
const created = (order: Order) => () => json({ message: 'Order placed successfully!', order, orderToken: 'guest-secret' } satisfies OrderAnswer, 201);
const refused = (message: string, delivery: NonNullable<ApiError['delivery']>) => () => json({ message, delivery } satisfies ApiError, 409);

async function openCheckout() {
  const rendered = await renderWithRouter(<CheckoutPage />, { path: '/checkout' });
  await screen.findByLabelText('Full name');
  return rendered;
}

/** The shop offers `options` (the settings as the root route's loader left them). */
const offering = (options: DeliveryOption[]) => givenShopSettings({ ...SHOP_SETTINGS, delivery: options });

/** A guest with shea butter ×2 and soap (₵121), the billing filled in, `form` on top. */
function guestCart(form: Partial<typeof EMPTY_FORM> = {}) {
  useCart.setState({ items: [SHEA, SOAP] });
  useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, ...form } });
}

checkoutPageSetup();

describe('a shop without delivery options', () => {
  it('keeps the spec’s note: no region or delivery choice, but the GPS address and landmark', async () => {
    guestCart();
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();

    expect(screen.queryByLabelText(/Region/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('GhanaPost GPS address (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Landmark / directions (optional)')).not.toBeRequired();
    expect(screen.queryByRole('group', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(figure('Delivery')).toBeUndefined();
    expect(figure('Total')).toBe('₵121.00');
    expect(within(summary()).getByText('Delivery fee not included. We will tell you the delivery fee when we confirm your order.')).toBeInTheDocument();

    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(Object.keys(calls[0]?.body as object)).not.toEqual(expect.arrayContaining(['region']));
    expect(calls[0]?.body).not.toHaveProperty('deliveryOptionId');
    expect(calls[0]?.body).not.toHaveProperty('deliveryFee');
  });

  it('a copy from before the shop added options: the server asks for the region (400), the options are fetched and the field shows why', async () => {
    guestCart();
    const calls = mockApi({
      'POST createGuestOrder': () =>
        json({ message: DELIVERY_TEXTS.regionRequired, errors: [{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }] } satisfies ApiError, 400),
      'GET settings': () => json({ data: { ...SHOP_SETTINGS, delivery: OPTIONS } }),
    });
    await openCheckout();
    expect(screen.queryByLabelText(/Region/)).not.toBeInTheDocument();
    await user().click(placeOrder());

    expect(await screen.findByLabelText('Region')).toHaveAccessibleDescription(DELIVERY_TEXTS.regionRequired);
    expect(calls.filter((c) => c.key === 'POST createGuestOrder')).toHaveLength(1);
  });

  it('sends the GPS address and landmark typed, with no delivery option', async () => {
    guestCart({ gpsAddress: 'ga-183-8164', landmark: 'Blue gate' });
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ gpsAddress: 'GA-183-8164', landmark: 'Blue gate' });
    expect(calls[0]?.body).not.toHaveProperty('deliveryOptionId');
  });

  it('still asks for the address', async () => {
    guestCart({ address: '' });
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    expect(screen.getByLabelText('Address')).toHaveFocus();
    expect(calls).toEqual([]);
  });
});

describe('the address form with delivery options', () => {
  it('lists Ghana’s 16 regions after “Choose your region”, and requires one', async () => {
    offering(OPTIONS);
    guestCart();
    const calls = mockApi({});
    await openCheckout();

    const region = screen.getByLabelText('Region') as HTMLSelectElement;
    expect(Array.from(region.options, (o) => o.textContent)).toEqual(['Choose your region', ...GHANA_REGIONS]);
    expect(region).toHaveValue('');
    expect(region).toBeRequired();
    expect(screen.getByLabelText('GhanaPost GPS address (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Landmark / directions (optional)')).not.toBeRequired();
    expect(within(deliveryGroup()).getByText('Choose your region and enter your city to see the delivery options.')).toBeInTheDocument();

    await user().click(placeOrder());
    expect(region).toHaveAccessibleDescription('Please choose your region.');
    expect(region).toHaveAttribute('aria-invalid', 'true');
    expect(region).toHaveFocus();
    expect(calls).toEqual([]);

    await user().selectOptions(region, 'Ashanti');
    expect(region).not.toHaveAttribute('aria-invalid');
    expect(useCheckout.getState().form.region).toBe('Ashanti');
  });

  it('offers the options that serve the region and the city, in the admin’s order, with their fees and times', async () => {
    offering(OPTIONS);
    guestCart({ city: '' });
    mockApi({});
    await openCheckout();

    await user().selectOptions(screen.getByLabelText('Region'), 'Greater Accra');
    await user().type(screen.getByLabelText('City'), 'accra ');
    expect(radioNames()).toEqual(['d-accra', 'd-pickup', 'd-courier']);
    const rider = screen.getByRole('radio', { name: 'Accra rider' });
    expect(rider).toHaveAccessibleDescription('₵20.00 Same day');
    expect(screen.getByRole('radio', { name: 'Pick up at our Osu shop' })).toHaveAccessibleDescription(
      'Free Ready in 2 hours · Collect at the shop: no address needed.',
    );
    expect(screen.getByRole('radio', { name: 'Nationwide courier' })).toHaveAccessibleDescription('₵35.00 Paid to the rider · 2-4 days');

    // Another town of the region: the Accra rider does not go there.
    await user().clear(screen.getByLabelText('City'));
    await user().type(screen.getByLabelText('City'), 'Kasoa');
    expect(radioNames()).toEqual(['d-pickup', 'd-courier']);

    await user().selectOptions(screen.getByLabelText('Region'), 'Ashanti');
    await user().clear(screen.getByLabelText('City'));
    await user().type(screen.getByLabelText('City'), 'Kumasi');
    expect(radioNames()).toEqual(['d-courier', 'd-kumasi']);
  });

  it('unselects a chosen option that no longer serves the address', async () => {
    offering(OPTIONS);
    guestCart({ city: 'Accra', region: 'Greater Accra' });
    mockApi({});
    await openCheckout();
    await user().click(screen.getByRole('radio', { name: 'Accra rider' }));
    expect(figure('Delivery')).toBe('₵20.00');

    await user().selectOptions(screen.getByLabelText('Region'), 'Volta');
    expect(useCheckout.getState().form.deliveryOptionId).toBe('');
    await user().selectOptions(screen.getByLabelText('Region'), 'Greater Accra');
    expect(screen.getByRole('radio', { name: 'Accra rider' })).not.toBeChecked();
    expect(figure('Delivery')).toBe('Not chosen yet');
  });

  it('asks for an option when some serve the address, and focuses the first', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra' });
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());

    expect(within(deliveryGroup()).getByText('Please choose a delivery option.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Accra rider' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Accra rider' })).toHaveAccessibleDescription(expect.stringContaining('Please choose a delivery option.'));
    expect(calls).toEqual([]);
  });

  it('puts a GPS address typed any way in its written form, with a map link; a wrong one is said', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra' });
    mockApi({});
    await openCheckout();
    const gps = screen.getByLabelText('GhanaPost GPS address (optional)');
    expect(gps).toHaveAccessibleDescription('e.g. GA-183-8164, from the GhanaPost GPS app.');

    await user().type(gps, 'ga1838164');
    expect(screen.queryByRole('link', { name: /Find on map/ })).not.toBeInTheDocument();
    await user().tab();
    expect(gps).toHaveValue('GA-183-8164');
    const map = screen.getByRole('link', { name: 'Find on map (opens in a new tab)' });
    expect(map).toHaveAttribute('href', gpsMapLink('GA-183-8164'));
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener');

    await user().clear(gps);
    await user().type(gps, 'GA 18');
    await user().tab();
    expect(gps).toHaveAccessibleDescription(expect.stringContaining(DELIVERY_TEXTS.gpsInvalid));
    expect(screen.queryByRole('link', { name: /Find on map/ })).not.toBeInTheDocument();
    await user().click(placeOrder());
    expect(gps).toHaveFocus();
  });
});

describe('the summary', () => {
  it('adds a fee paid with the order to the total; a rider’s fee is said under it and left out', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra' });
    mockApi({});
    await openCheckout();
    expect(figure('Delivery')).toBe('Not chosen yet');
    expect(figure('Total')).toBe('₵121.00');

    await user().click(screen.getByRole('radio', { name: 'Accra rider' }));
    expect(figure('Delivery')).toBe('₵20.00');
    expect(figure('Total')).toBe('₵141.00');
    expect(within(summary()).queryByText(/Delivery fee not included/)).not.toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'Nationwide courier' }));
    expect(figure('Delivery')).toBeUndefined();
    expect(figure('Total')).toBe('₵121.00');
    expect(within(summary()).getByText('Delivery ₵35.00, paid to the rider')).toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'Pick up at our Osu shop' }));
    expect(figure('Delivery')).toBe('Free');
    expect(figure('Total')).toBe('₵121.00');
  });

  it.each([
    [108.9, 'Free', '₵108.90'],
    [108.91, '₵20.00', '₵128.90'],
    [121, '₵20.00', '₵128.90'],
  ])('free from ₵%s: the goods after SAVE10 (₵108.90) decide: %s, total %s', async (freeFrom, fee, total) => {
    offering([{ ...ACCRA_RIDER, freeFrom }]);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', deliveryOptionId: 'd-accra' });
    useCheckout.getState().setPromo({ code: 'SAVE10', percent: 10 });
    mockApi({});
    await openCheckout();
    expect(figure('Discount')).toBe('−₵12.10');
    expect(figure('Delivery')).toBe(fee);
    expect(figure('Total')).toBe(total);
    expect(screen.getByRole('radio', { name: 'Accra rider' })).toHaveAccessibleDescription(`${fee} Same day`);
  });

  it('short of free delivery, says how much more makes it free: the chosen option’s, or the nearest before one is chosen', async () => {
    // ₵121 of goods; the Accra rider is free from ₵200.
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra' });
    mockApi({});
    await openCheckout();
    expect(within(summary()).getByText('Add ₵79.00 more for free delivery (Accra rider).')).toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'Accra rider' }));
    expect(within(summary()).getByText('Add ₵79.00 more for free delivery.')).toBeInTheDocument();

    // The courier is never free, and a pickup costs nothing: nothing to add.
    await user().click(screen.getByRole('radio', { name: 'Nationwide courier' }));
    expect(within(summary()).queryByText(/more for free delivery/)).not.toBeInTheDocument();
    await user().click(screen.getByRole('radio', { name: 'Pick up at our Osu shop' }));
    expect(within(summary()).queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it('says nothing of free delivery once the goods reach it, nor in a shop without options', async () => {
    offering([{ ...ACCRA_RIDER, freeFrom: 121 }]);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', deliveryOptionId: 'd-accra' });
    mockApi({});
    const { unmount } = await openCheckout();
    expect(figure('Delivery')).toBe('Free');
    expect(within(summary()).queryByText(/more for free delivery/)).not.toBeInTheDocument();
    unmount();

    offering([]);
    await openCheckout();
    expect(within(summary()).queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it('none serving the address: “We will call you about delivery.”, and the order is taken', async () => {
    offering([ACCRA_RIDER]);
    guestCart({ city: 'Tamale', region: 'Northern' });
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();
    expect(within(deliveryGroup()).getByText('We will call you about delivery.')).toBeInTheDocument();
    expect(within(summary()).getByText('We will call you about delivery.')).toBeInTheDocument();
    expect(figure('Total')).toBe('₵121.00');

    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ region: 'Northern', city: 'Tamale' });
    expect(calls[0]?.body).not.toHaveProperty('deliveryOptionId');
  });
});

describe('placing the order', () => {
  it('sends the region, GPS address, landmark, the option and the fee shown', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', gpsAddress: 'ga 183 8164', landmark: ' Behind the Shell station ' });
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();
    await user().click(screen.getByRole('radio', { name: 'Accra rider' }));
    await user().click(placeOrder());

    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      fullName: 'Kwame Boateng',
      email: 'kwame@example.com',
      phone: '0241234567',
      address: '12 Prempeh II Street, Adum',
      city: 'Accra',
      region: 'Greater Accra',
      gpsAddress: 'GA-183-8164',
      landmark: 'Behind the Shell station',
      paymentMethod: 'Cash on Delivery',
      deliveryOptionId: 'd-accra',
      deliveryFee: 20,
      cart: [
        { productId: 'p-shea', quantity: '2' },
        { productId: 'p-soap', quantity: '1' },
      ],
    });
  });

  it('a pickup needs no address', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', address: '' });
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();
    expect(screen.getByLabelText('Address')).toBeRequired();

    await user().click(screen.getByRole('radio', { name: 'Pick up at our Osu shop' }));
    const address = screen.getByLabelText('Address (not needed for pickup)');
    expect(address).not.toBeRequired();
    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ deliveryOptionId: 'd-pickup', deliveryFee: 0 });
    expect(calls[0]?.body).not.toHaveProperty('address');
  });

  it('a changed fee (409): the new fee is shown, nothing is placed, and Place order again sends it under a new key', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', deliveryOptionId: 'd-accra' });
    const dearer = { ...ACCRA_RIDER, fee: 25 };
    let answered = 0;
    const calls = mockApi({
      'POST createGuestOrder': () => {
        answered += 1;
        return answered === 1
          ? refused(DELIVERY_TEXTS.feeChanged('₵25.00'), { fee: 25, options: [dearer, PICKUP, COURIER] })()
          : created(placedOrder({ total: 146, shipping: 25 }))();
      },
    });
    await openCheckout();
    expect(figure('Total')).toBe('₵141.00');
    await user().click(placeOrder());

    expect(await screen.findByRole('alert')).toHaveTextContent('The delivery fee is now ₵25.00. Please confirm before we place your order.');
    expect(figure('Delivery')).toBe('₵25.00');
    expect(figure('Total')).toBe('₵146.00');
    expect(screen.getByRole('radio', { name: 'Accra rider' })).toBeChecked();
    expect(queryClient.getQueryData(shopSettingsQuery().queryKey)?.delivery).toEqual([dearer, PICKUP, COURIER]);
    expect(useCart.getState().items).toHaveLength(2);
    expect(screen.queryByText('Order placed successfully!')).not.toBeInTheDocument();

    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => (c.body as { deliveryFee: number }).deliveryFee)).toEqual([20, 25]);
    expect(keyOf(calls[1])).toMatch(/^.{8,}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
  });

  it('an option gone (409): the shop’s options now, none chosen, the first focused', async () => {
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', deliveryOptionId: 'd-accra' });
    const calls = mockApi({ 'POST createGuestOrder': refused(DELIVERY_TEXTS.optionGone, { fee: null, options: [PICKUP, COURIER] }) });
    await openCheckout();
    await user().click(placeOrder());

    expect(await screen.findByRole('alert')).toHaveTextContent('That delivery option is no longer available. Please choose another.');
    await vi.waitFor(() => expect(radioNames()).toEqual(['d-pickup', 'd-courier']));
    expect(within(deliveryGroup()).queryAllByRole('radio', { checked: true })).toEqual([]);
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Pick up at our Osu shop' })).toHaveFocus());
    expect(figure('Total')).toBe('₵121.00');
    expect(calls).toHaveLength(1);
  });
});

describe('options not known yet', () => {
  it('says they are loading while the settings are on their way', async () => {
    queryClient.removeQueries({ queryKey: shopSettingsQuery().queryKey });
    guestCart();
    let answer!: (r: Response) => void;
    mockApi({ 'GET settings': () => new Promise<Response>((r) => (answer = r)) });
    await openCheckout();
    expect(await screen.findByText('Loading delivery options…')).toHaveAttribute('role', 'status');
    expect(within(summary()).getByText(/Delivery fee not included/)).toBeInTheDocument();

    await act(async () => answer(json({ data: { ...SHOP_SETTINGS, delivery: OPTIONS } })));
    expect(await screen.findByLabelText('Region')).toBeRequired();
    expect(screen.queryByText('Loading delivery options…')).not.toBeInTheDocument();
  });

  it('offline with no copy of the settings: the spec’s checkout, and the order waits on the phone', async () => {
    queryClient.removeQueries({ queryKey: shopSettingsQuery().queryKey });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    guestCart();
    mockApi({});
    await openCheckout();
    expect(screen.queryByText('Loading delivery options…')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(within(summary()).getByText(/Delivery fee not included/)).toBeInTheDocument();
    await user().click(placeOrder());
    expect(await screen.findByRole('heading', { name: 'Your order is saved on this phone' })).toBeInTheDocument();
  });
});

describe('a cash-on-delivery order saved offline, then refused for its delivery', () => {
  let online = true;
  const goOnline = () => {
    online = true;
  };

  /** Kwame orders with the Accra rider at ₵20 while offline: the order waits on the phone. */
  async function queuedWithAccraRider() {
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    offering(OPTIONS);
    guestCart({ ...IN_ACCRA, region: 'Greater Accra', deliveryOptionId: 'd-accra' });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('heading', { name: 'Your order is saved on this phone' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Items in this order' })).toHaveTextContent('Delivery: Accra rider₵20.00');
    const [entry] = useOutbox.getState().entries;
    expect(entry).toMatchObject({ details: { deliveryOptionId: 'd-accra', deliveryFee: 20 } });
    return entry as NonNullable<typeof entry>;
  }

  it('a new fee: kept, unsent, until the shopper places it at that fee (a new key)', async () => {
    let answered = 0;
    const calls = mockApi({
      'POST createGuestOrder': () => {
        answered += 1;
        return answered === 1
          ? refused(DELIVERY_TEXTS.feeChanged('₵25.00'), { fee: 25, options: [{ ...ACCRA_RIDER, fee: 25 }, PICKUP, COURIER] })()
          : created(placedOrder({ _id: 'o5', orderNumber: 'NK-5' }))();
      },
    });
    const entry = await queuedWithAccraRider();

    goOnline();
    await act(() => flushOutbox());
    expect(await screen.findByRole('heading', { name: 'Your saved order needs your answer' })).toBeInTheDocument();
    expect(screen.getAllByText(/The delivery fee is now ₵25\.00\. Please confirm before we place your order\./).length).toBeGreaterThanOrEqual(2); // the panel and the toast
    expect(useOutbox.getState().entries).toEqual([expect.objectContaining({ id: entry.id, awaitingConfirmation: expect.objectContaining({ fee: 25 }) })]);
    // Kept across a reload.
    await vi.waitFor(async () => expect(JSON.parse((await idbGet<string>('outbox')) ?? '{}').state.entries[0].awaitingConfirmation?.fee).toBe(25));
    // Not sent again by itself.
    await act(() => flushOutbox());
    expect(calls).toHaveLength(1);

    await user().click(screen.getByRole('button', { name: 'Place order with ₵25.00 delivery' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ deliveryOptionId: 'd-accra', deliveryFee: 25 });
    expect(keyOf(calls[1])).toMatch(/^.{8,}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('the option gone: the options serving the address to choose from, placed with the one chosen and its fee (a new key)', async () => {
    let answered = 0;
    const calls = mockApi({
      'POST createGuestOrder': () => {
        answered += 1;
        return answered === 1 ? refused(DELIVERY_TEXTS.optionGone, { fee: null, options: [PICKUP, COURIER, KUMASI_RIDER] })() : created(placedOrder())();
      },
    });
    await queuedWithAccraRider();
    goOnline();
    await act(() => flushOutbox());

    const group = await screen.findByRole('group', { name: 'Delivery' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['d-pickup', 'd-courier']);
    await user().click(screen.getByRole('button', { name: 'Place order with this delivery' }));
    expect(within(group).getByText('Please choose a delivery option.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user().click(within(group).getByRole('radio', { name: 'Nationwide courier' }));
    await user().click(screen.getByRole('button', { name: 'Place order with this delivery' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(calls[1]?.body).toMatchObject({ deliveryOptionId: 'd-courier', deliveryFee: 35 });
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
  });

  it('Cancel order drops it and puts a guest’s items back in the cart', async () => {
    const calls = mockApi({ 'POST createGuestOrder': refused(DELIVERY_TEXTS.feeChanged('₵25.00'), { fee: 25, options: [{ ...ACCRA_RIDER, fee: 25 }] }) });
    await queuedWithAccraRider();
    expect(useCart.getState().items).toEqual([]);
    goOnline();
    await act(() => flushOutbox());

    await user().click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(useOutbox.getState().entries).toEqual([]);
    expect(useCart.getState().items.map((i) => [i.productId, i.quantity])).toEqual([
      ['p-shea', 2],
      ['p-soap', 1],
    ]);
    expect(await screen.findByText('Order cancelled. Your items are back in your cart.')).toBeInTheDocument();
    // The checkout is back, with the cart.
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});

describe('a customer’s newest order', () => {
  it('fills the empty phone and address fields, keeping what was typed', async () => {
    offering(OPTIONS);
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, phone: '020 765 4321' } });
    const last = makeOrder({
      region: 'Greater Accra',
      gpsAddress: 'GA-183-8164',
      landmark: 'Blue gate',
    });
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswerOf(SHEA)),
      'GET getAllMyOrders': () => json({ Orders: [last, makeOrder({ _id: 'o0', city: 'Tamale', address: 'Old place' })] }),
    });
    await openCheckout();

    await vi.waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Accra'));
    expect(screen.getByLabelText('Phone')).toHaveValue('020 765 4321');
    expect(screen.getByLabelText('Region')).toHaveValue('Greater Accra');
    expect(screen.getByLabelText('Address')).toHaveValue('14 Oxford Street, Osu');
    expect(screen.getByLabelText('GhanaPost GPS address (optional)')).toHaveValue('GA-183-8164');
    expect(screen.getByLabelText('Landmark / directions (optional)')).toHaveValue('Blue gate');
    expect(calls.filter((c) => c.key === 'GET getAllMyOrders')).toHaveLength(1);
    expect(radioNames()).toEqual(['d-accra', 'd-pickup', 'd-courier']);
  });

  it('a city typed elsewhere keeps the order’s address out; the phone still comes', async () => {
    offering(OPTIONS);
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, city: 'Kumasi' } });
    mockApi({
      'GET getMyCart': () => json(cartAnswerOf(SHEA)),
      'GET getAllMyOrders': () => json({ Orders: [makeOrder({ region: 'Greater Accra', landmark: 'Blue gate' })] }),
    });
    await openCheckout();
    await vi.waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('0241234567'));
    expect(screen.getByLabelText('City')).toHaveValue('Kumasi');
    expect(screen.getByLabelText('Region')).toHaveValue('');
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Landmark / directions (optional)')).toHaveValue('');
  });

  it('does not ask when nothing is empty', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...IN_ACCRA, region: 'Greater Accra', gpsAddress: 'GA-183-8164', landmark: 'Blue gate' } });
    const calls = mockApi({ 'GET getMyCart': () => json(cartAnswerOf(SHEA)) });
    await openCheckout();
    expect(calls.map((c) => c.key)).toEqual(['GET getMyCart']);
  });
});
