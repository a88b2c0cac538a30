import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '@/client/features/checkout/checkout-page';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { queryClient } from '@/client/lib/query-client';
import { type CartItem, useCart } from '@/client/stores/cart';
import { EMPTY_FORM, useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { CartAnswer } from '@/shared/types';
import { deferred, heldAnswer, json, mockApi } from './api-mock';
import { BILLING, fakeTimersAndFreshStores, givenShopSettings, SHEA, SHOP_SETTINGS, SOAP } from './fixtures';
import { renderWithRouter } from './render';

/** The checkout form: its rules and texts (spec section 5), the empty cart, the summary and the promo box. */

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Shea butter with its photo, for the summary's images. */
const shea: CartItem = { ...SHEA, image: '/uploads/shea-640.webp' };

const session = { token: 'tok', role: 'customer' as const, userId: 'u1', fullName: 'Akosua Mensah', email: 'akosua@example.com' };

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const placeOrder = () => screen.getByRole('button', { name: 'Place order' });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
/** The value beside a term of the summary's list (Subtotal, Discount, Total). */
const figure = (term: string) => within(summary()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** Lets time pass in small steps, so React renders (and toasts start their exit) as it goes. */
async function elapse(ms: number) {
  for (let passed = 0; passed < ms; passed += 100) await act(() => vi.advanceTimersByTimeAsync(100));
}

async function openCheckout() {
  const rendered = await renderWithRouter(<CheckoutPage />, { path: '/checkout' });
  await screen.findByLabelText('Full name');
  return rendered;
}

/** Fills the billing fields from the store, as a shopper who typed them would have them. */
function fillBilling(values: Partial<typeof BILLING> = {}) {
  useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, ...values } });
}

fakeTimersAndFreshStores();
// The shop's settings are in hand (the root route loads them with every page): no settings call here.
beforeEach(() => givenShopSettings(SHOP_SETTINGS));

describe('the checkout page', () => {
  it("is 'Finalize your purchase' with the billing form, the payment choice and the summary", async () => {
    useCart.setState({ items: [shea, SOAP] });
    mockApi({});
    await openCheckout();

    expect(screen.getByRole('heading', { level: 1, name: 'Finalize your purchase' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Checkout - Nkuto Naturals'));
    const billing = screen.getByRole('group', { name: 'Billing details' });
    expect(within(billing).getByLabelText('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(within(billing).getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(within(billing).getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(within(billing).getByLabelText('Phone')).toHaveAccessibleDescription('e.g. 024 123 4567 or +233 24 123 4567');
    expect(within(billing).getByLabelText('City')).toHaveAttribute('autocomplete', 'address-level2');
    expect(within(billing).getByLabelText('Address')).toHaveAttribute('autocomplete', 'street-address');

    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(within(methods).getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: 'Mobile Money' })).not.toBeChecked();

    expect(within(summary()).getByText('Raw Shea Butter × 2').parentElement).toHaveTextContent('₵91.00');
    expect(within(summary()).getByText('African Black Soap × 1').parentElement).toHaveTextContent('₵30.00');
    expect(figure('Subtotal')).toBe('₵121.00');
    expect(figure('Discount')).toBe('₵0.00');
    expect(figure('Total')).toBe('₵121.00');
    expect(within(summary()).getByText('Delivery fee not included. We will tell you the delivery fee when we confirm your order.')).toBeInTheDocument();
    expect(placeOrder()).toBeEnabled();
  });

  it('keeps what the shopper types in the checkout store, so a reload shows it again', async () => {
    useCart.setState({ items: [shea] });
    mockApi({});
    const { unmount } = await openCheckout();
    await user().type(field('City'), 'Tamale');
    await user().click(screen.getByRole('radio', { name: 'Mobile Money' }));
    expect(useCheckout.getState().form).toMatchObject({ city: 'Tamale', paymentMethod: 'Mobile Money' });

    unmount();
    await openCheckout();
    expect(field('City')).toHaveValue('Tamale');
    expect(screen.getByRole('radio', { name: 'Mobile Money' })).toBeChecked();
  });

  it("fills a customer's name and e-mail from the session, keeping what was already typed", async () => {
    useSession.setState({ session });
    useCheckout.getState().setField('email', 'akosua.work@example.com');
    useCart.setState({ items: [shea] });
    // The server cart is the customer's truth: it is fetched before the form shows.
    const cart = deferred();
    mockApi({ 'GET getMyCart': () => cart.promise });
    await renderWithRouter(<CheckoutPage />, { path: '/checkout' });
    expect(screen.getByRole('status', { name: 'Loading checkout' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();

    cart.resolve(
      json({
        Cart: [
          {
            items: [
              {
                _id: 'l1',
                quantity: 3,
                product: { _id: 'p-shea', slug: 'raw-shea-butter', name: 'Raw Shea Butter', price: 45.5, stock: 5, productImageUrls: [], maxPerOrder: null },
              },
            ],
          },
        ],
      } satisfies CartAnswer),
    );
    // Filled in the commit that shows the form (a layout effect); outside act() the value may land a tick later.
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Akosua Mensah'));
    expect(field('Email')).toHaveValue('akosua.work@example.com');
    expect(within(summary()).getByText('Raw Shea Butter × 3')).toBeInTheDocument();
  });

  it("shows 'Your cart is empty' with a way to the products when there is nothing to order", async () => {
    mockApi({});
    await renderWithRouter(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Shop Products' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/products$/);
  });
});

describe('the billing rules (spec section 5)', () => {
  it('says which fields are required, focuses the first, and sends nothing', async () => {
    useCart.setState({ items: [shea] });
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());

    expect(field('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Phone')).toHaveAccessibleDescription(expect.stringContaining('Phone is required'));
    expect(field('City')).toHaveAccessibleDescription('City is required');
    expect(field('Address')).toHaveAccessibleDescription('Address is required');
    for (const label of ['Full name', 'Email', 'Phone', 'City', 'Address']) expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full name')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('a blank-only value counts as missing', async () => {
    useCart.setState({ items: [shea] });
    fillBilling({ city: '   ' });
    mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(field('City')).toHaveFocus();
  });

  it('clears a field’s error as soon as that field is edited, and only that one', async () => {
    useCart.setState({ items: [shea] });
    mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(screen.getByText('Full name is required')).toBeInTheDocument();

    await user().type(field('Full name'), 'K');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(field('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
  });

  it('focuses the first invalid field in form order', async () => {
    useCart.setState({ items: [shea] });
    fillBilling({ phone: '', address: '' });
    mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(field('Phone')).toHaveFocus();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
  });

  it('refuses a badly written e-mail address', async () => {
    useCart.setState({ items: [shea] });
    fillBilling({ email: 'kwame@' });
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(calls).toEqual([]);
  });

  it.each(['024123456', '+23324123456', '02412345678', '+233 24 123 45', '024-123-4567'])(
    'refuses the phone %s: "Enter a valid Ghana phone number"',
    async (phone) => {
      useCart.setState({ items: [shea] });
      fillBilling({ phone });
      const calls = mockApi({});
      await openCheckout();
      await user().click(placeOrder());
      expect(field('Phone')).toHaveAccessibleDescription(expect.stringContaining('Enter a valid Ghana phone number'));
      expect(field('Phone')).toHaveFocus();
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['0241234567', '0241234567'],
    ['+233241234567', '+233241234567'],
    ['024 123 4567', '0241234567'],
    ['+233 24 123 4567', '+233241234567'],
  ])('takes the phone %s (sent as %s)', async (phone, sent) => {
    useCart.setState({ items: [shea] });
    fillBilling({ phone });
    const calls = mockApi({ 'POST createGuestOrder': () => json({ message: 'Failed' }, 400) });
    await openCheckout();
    await user().click(placeOrder());
    await screen.findByRole('alert');
    expect(screen.queryByText('Enter a valid Ghana phone number')).not.toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ phone: sent });
  });
});

describe('the cart at submit time (spec section 5)', () => {
  it.each([
    ['a line without a product id', { ...shea, productId: '' }],
    ['a line without a numeric price', { ...shea, price: Number.NaN }],
    ['a line with a quantity of 0', { ...shea, quantity: 0 }],
    ['a line with a negative quantity', { ...shea, quantity: -1 }],
  ])("%s: 'Invalid cart items. Please check your cart.' and nothing sent", async (_case, bad) => {
    useCart.setState({ items: [SOAP, bad] });
    fillBilling();
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByText('Invalid cart items. Please check your cart.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("the cart emptied from another tab meanwhile: 'Your cart is empty'", async () => {
    useCart.setState({ items: [shea] });
    fillBilling();
    mockApi({});
    await openCheckout();
    act(() => {
      useCart.setState({ items: [] });
    });
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });
});

describe('the promo box', () => {
  it('applies SAVE10: a 2 s toast, the discount and the new total, and the code goes with the order', async () => {
    useCart.setState({ items: [shea] });
    fillBilling();
    const calls = mockApi({
      'POST validatePromo': () => json({ valid: true, code: 'SAVE10', percent: 10, message: 'Promo applied: 10% off', discount: 9.1 }),
      'POST createGuestOrder': () => json({ message: 'Stop here' }, 400),
    });
    await openCheckout();
    await user().type(screen.getByLabelText('Promo code'), ' save10 ');
    await user().click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Promo applied: 10% off')).toBeInTheDocument();
    expect(calls[0]).toEqual({ key: 'POST validatePromo', body: { code: 'save10', subtotal: 91 }, authorization: null });
    expect(within(summary()).getByText('SAVE10 applied: 10% off')).toBeInTheDocument();
    expect(figure('Subtotal')).toBe('₵91.00');
    expect(figure('Discount')).toBe('−₵9.10');
    expect(figure('Total')).toBe('₵81.90');
    expect(screen.getByRole('button', { name: 'Remove promo' })).toHaveFocus();

    // 2 s on screen (the default is 3 s), then gone once its exit is over.
    await elapse(1800);
    expect(screen.getByText('Promo applied: 10% off')).toBeInTheDocument();
    await elapse(1400);
    expect(screen.queryByText('Promo applied: 10% off')).not.toBeInTheDocument();

    await user().click(placeOrder());
    await screen.findByRole('alert');
    expect(calls[1]?.body).toMatchObject({ promoCode: 'SAVE10' });
  });

  it('Remove promo takes the discount off again', async () => {
    useCart.setState({ items: [shea] });
    useCheckout.getState().setPromo({ code: 'SAVE10', percent: 10 });
    mockApi({});
    await openCheckout();
    expect(figure('Total')).toBe('₵81.90');
    await user().click(screen.getByRole('button', { name: 'Remove promo' }));
    expect(figure('Discount')).toBe('₵0.00');
    expect(figure('Total')).toBe('₵91.00');
    expect(useCheckout.getState().promo).toBeNull();
    expect(screen.getByLabelText('Promo code')).toHaveFocus();
  });

  it.each([
    ['the server says it is not valid', () => json({ valid: false, code: 'FREE', percent: 0, message: 'Invalid promo code' })],
    ['the server refuses it (400)', () => json({ message: 'Invalid promo code' }, 400)],
  ])("'Invalid promo code' for 2 s when %s, and no discount", async (_case, answer) => {
    useCart.setState({ items: [shea] });
    mockApi({ 'POST validatePromo': answer });
    await openCheckout();
    await user().type(screen.getByLabelText('Promo code'), 'FREE');
    await user().click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo code')).toBeInTheDocument();
    expect(useCheckout.getState().promo).toBeNull();
    expect(figure('Discount')).toBe('₵0.00');
    expect(figure('Total')).toBe('₵91.00');
    await elapse(1800);
    expect(screen.getByText('Invalid promo code')).toBeInTheDocument();
    await elapse(1400);
    expect(screen.queryByText('Invalid promo code')).not.toBeInTheDocument();
  });

  it('an empty code is not a code, and nothing is asked', async () => {
    useCart.setState({ items: [shea] });
    const calls = mockApi({});
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo code')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says so when the code cannot be checked (no network), keeping the total', async () => {
    useCart.setState({ items: [shea] });
    mockApi({});
    await openCheckout();
    await user().type(screen.getByLabelText('Promo code'), 'SAVE10');
    await user().click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Could not check the promo code. Check your connection and try again.')).toBeInTheDocument();
    expect(figure('Total')).toBe('₵91.00');
  });

  it('Apply is disabled while the code is checked', async () => {
    useCart.setState({ items: [shea] });
    const { answer } = heldAnswer('POST validatePromo');
    await openCheckout();
    await user().type(screen.getByLabelText('Promo code'), 'SAVE10');
    await user().click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    answer.resolve(json({ valid: true, code: 'SAVE10', percent: 10, message: '' }));
    expect(await screen.findByRole('button', { name: 'Remove promo' })).toBeInTheDocument();
  });
});

describe('a shop without Mobile Money', () => {
  const cashOnly = () => givenShopSettings({ ...SHOP_SETTINGS, payments: { mobileMoney: false, testPayments: false } });

  it('offers only Cash on Delivery, and says so', async () => {
    cashOnly();
    useCart.setState({ items: [shea] });
    const calls = mockApi({});
    await openCheckout();
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Cash on Delivery']);
    expect(within(methods).getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    expect(within(methods).getByText('Mobile Money is not available yet: pay Cash on Delivery.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('turns a form kept with Mobile Money into Cash on Delivery', async () => {
    cashOnly();
    useCart.setState({ items: [shea] });
    fillBilling();
    useCheckout.getState().setField('paymentMethod', 'Mobile Money');
    mockApi({});
    await openCheckout();
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Mobile Money' })).not.toBeInTheDocument();
    expect(useCheckout.getState().form.paymentMethod).toBe('Cash on Delivery');
  });

  it('offers both while the settings are not known, or when the shop takes Mobile Money', async () => {
    queryClient.removeQueries({ queryKey: shopSettingsQuery().queryKey });
    useCart.setState({ items: [shea] });
    mockApi({});
    const { unmount } = await openCheckout();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    unmount();

    givenShopSettings(SHOP_SETTINGS);
    await openCheckout();
    expect(screen.getByRole('radio', { name: 'Mobile Money' })).toBeInTheDocument();
    expect(screen.queryByText('Mobile Money is not available yet: pay Cash on Delivery.')).not.toBeInTheDocument();
  });
});
