import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '@/client/features/checkout/checkout-page';
import { queryClient } from '@/client/lib/query-client';
import { useCart } from '@/client/stores/cart';
import { EMPTY_FORM, useCheckout } from '@/client/stores/checkout';
import { useOutbox } from '@/client/stores/outbox';
import { useSession } from '@/client/stores/session';
import { startOutboxSync } from '@/client/stores/sync';
import type { Order, OrderAnswer } from '@/shared/types';
import { heldAnswer, json, mockApi } from './api-mock';
import { checkoutPageSetup, user } from './checkout-page';
import { BILLING, CUSTOMER_SESSION, CUSTOMER_USER, cartAnswerOf, makeOrder, orderLineOf, SHEA, SOAP } from './fixtures';
import { renderWithRouter } from './render';

/** Place order with Cash on Delivery: the payloads, the idempotency key, double taps, failures and the way to the confirmation. */

/** The server's answer to Kwame's order: a guest's, of shea butter, placed at 09:00 (the phone as the server stores it). */
const placedOrder = (overrides: Partial<Order> = {}) =>
  makeOrder({ createdAt: '2026-11-22T09:00:00.000Z', user: null, items: [orderLineOf(SHEA)], ...overrides }, { contact: { ...BILLING, phone: '0241234567' } });

const created = (order: Order, orderToken?: string) => () =>
  json({ message: 'Order placed successfully!', order, ...(orderToken ? { orderToken } : {}) } satisfies OrderAnswer, 201);
const placeOrder = () => screen.getByRole('button', { name: 'Place order' });
const keyOf = (call: { headers: Headers } | undefined) => call?.headers.get('idempotency-key');

async function openCheckout() {
  const rendered = await renderWithRouter(<CheckoutPage />, { path: '/checkout' });
  await screen.findByLabelText('Full name');
  return rendered;
}

checkoutPageSetup();

describe('a guest pays cash on delivery', () => {
  it('sends the spec’s payload with the cart quantities as strings and a key, empties the cart, and opens the confirmation after 1.5 s', async () => {
    useCart.setState({ items: [SHEA, SOAP] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder(), 'guest-secret') });
    await openCheckout();
    await user().click(placeOrder());

    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        key: 'POST createGuestOrder',
        body: {
          fullName: 'Kwame Boateng',
          email: 'kwame@example.com',
          phone: '0241234567',
          address: '12 Prempeh II Street, Adum',
          city: 'Kumasi',
          paymentMethod: 'Cash on Delivery',
          cart: [
            { productId: 'p-shea', quantity: '2' },
            { productId: 'p-soap', quantity: '1' },
          ],
        },
        authorization: null,
      },
    ]);
    expect(keyOf(calls[0])).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    expect(useCart.getState().items).toEqual([]);
    // The guest can read the order (and its confirmation) later: the token is kept.
    expect(useCheckout.getState().orderTokens).toEqual({ o1: 'guest-secret' });
    expect(screen.getByRole('heading', { name: 'Order placed' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1300));
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o1\?placed=true$/);
  });

  it('the order toast lasts 1.5 s', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    mockApi({ 'POST createGuestOrder': created(placedOrder()) });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    for (let t = 0; t < 27; t++) await act(() => vi.advanceTimersByTimeAsync(100));
    // Dismissed at 1.5 s and gone a second later (a 3 s toast would still be on screen).
    expect(screen.queryByText('Order placed successfully!')).not.toBeInTheDocument();
  });

  it('the order changes the catalogue and the shopper’s order lists, and its page reads it afresh; a refused order changes nothing', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    // What pages shown before left in the cache; the order's page was open before (a replayed key answers that order).
    queryClient.setQueryData(['catalogue', 'all'], []);
    queryClient.setQueryData(['my', 'orders', 'list'], []);
    queryClient.setQueryData(['device-orders', 'o0'], []);
    queryClient.setQueryData(['my', 'orders', 'detail', 'o1'], placedOrder());
    let refuse = true;
    mockApi({
      'POST createGuestOrder': () => (refuse ? json({ message: 'Only 1 item available in stock' }, 409) : created(placedOrder())()),
    });
    await openCheckout();
    const invalidated = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;

    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 item available in stock');
    expect(invalidated(['catalogue', 'all'])).toBe(false);
    expect(invalidated(['my', 'orders', 'list'])).toBe(false);

    refuse = false;
    await user().click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(invalidated(['catalogue', 'all'])).toBe(true);
    expect(invalidated(['my', 'orders', 'list'])).toBe(true);
    expect(invalidated(['device-orders', 'o0'])).toBe(true);
    expect(queryClient.getQueryState(['my', 'orders', 'detail', 'o1'])).toBeUndefined();
    expect(invalidated(['settings'])).toBe(false);
  });
});

describe('a customer pays cash on delivery', () => {
  it('orders the server cart with the bearer token and a key, without a cart in the body', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, phone: '+233 20 765 4321', city: 'Accra', address: '4 Oxford Street, Osu' } });
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswerOf(SHEA)),
      'POST createOrder': created(placedOrder({ _id: 'o7', user: CUSTOMER_USER })),
    });
    await openCheckout();
    await user().click(placeOrder());

    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    const order = calls.find((c) => c.key === 'POST createOrder');
    expect(order).toEqual({
      key: 'POST createOrder',
      body: {
        fullName: 'Akosua Mensah',
        email: 'akosua@example.com',
        phone: '+233207654321',
        address: '4 Oxford Street, Osu',
        city: 'Accra',
        paymentMethod: 'Cash on Delivery',
      },
      authorization: 'Bearer tok-123',
    });
    expect(keyOf(order)).toMatch(/^.{8,}$/);
    expect(useCart.getState().items).toEqual([]);
    expect(useCheckout.getState().orderTokens).toEqual({});
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o7\?placed=true$/);
  });

  it('a stock refusal shows the server’s text and fetches the cart again', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    let cartFetches = 0;
    const calls = mockApi({
      'GET getMyCart': () => {
        cartFetches += 1;
        return json(cartFetches === 1 ? cartAnswerOf(SHEA) : cartAnswerOf({ ...SHEA, quantity: 2, stock: 2 }));
      },
      'POST createOrder': () =>
        json(
          { message: 'Only 2 items available in stock', errors: [{ path: ['cart', 'p-shea'], message: 'Raw Shea Butter: Only 2 items available in stock' }] },
          409,
        ),
    });
    await openCheckout();
    await user().click(placeOrder());

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 items available in stock');
    expect(screen.getAllByText('Only 2 items available in stock')).toHaveLength(2); // the alert and the toast
    await vi.waitFor(() => expect(calls.filter((c) => c.key === 'GET getMyCart')).toHaveLength(2));
    expect(placeOrder()).toBeEnabled();
  });
});

describe('failures', () => {
  it('a dropped answer keeps the order on the phone and sends it again with the same key until it goes through; the next checkout gets a new key', async () => {
    const stop = await startOutboxSync();
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    let tries = 0;
    const calls = mockApi({
      'POST createGuestOrder': () => {
        tries += 1;
        if (tries <= 2) throw new TypeError('Failed to fetch');
        return created(placedOrder({ _id: `o${tries}`, orderNumber: 'NKT-2026-000123' }), 'token-123')();
      },
    });
    const { unmount } = await openCheckout();
    await user().click(placeOrder());

    // No answer: the order waits on the phone, the cart is emptied into it, and the shopper is told.
    expect(await screen.findByRole('heading', { name: 'Your order is saved on this phone' })).toBeInTheDocument();
    expect(screen.getByText(/your order is saved on this phone and will be sent as soon as the connection returns/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Items in this order' })).toHaveTextContent('Raw Shea Butter × 2');
    expect(useCart.getState().items).toEqual([]);
    // Sent again at once, then after 2 s: the third try goes through, with the first try's key.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Your saved order went through: NKT-2026-000123. Order placed successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(calls.map(keyOf)).toEqual([keyOf(calls[0]), keyOf(calls[0]), keyOf(calls[0])]);
    expect(useCheckout.getState().orderTokens).toEqual({ o3: 'token-123' });
    expect(useOutbox.getState().entries).toEqual([]);
    unmount();

    // The same cart again, a new checkout: a new attempt, so a new key.
    useCart.setState({ items: [SHEA] });
    await openCheckout();
    await user().click(placeOrder());
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(keyOf(calls[3])).toMatch(/^.{8,}$/);
    expect(keyOf(calls[3])).not.toBe(keyOf(calls[0]));
    stop();
  });

  it('a Mobile Money order is not queued: with no answer it says so and keeps the cart', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, paymentMethod: 'Mobile Money' } });
    vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create guest order');
    expect(useCart.getState().items).toHaveLength(1);
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('another payment method is another request: it gets its own key, which the server answers with a new order', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, paymentMethod: 'Mobile Money' } });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const calls = mockApi({
      'POST createGuestOrder': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create guest order');
    await user().click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user().click(placeOrder());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(keyOf(calls[1])).toMatch(/^.{8,}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
  });

  it('offline, Mobile Money says it needs a connection and sends nothing; cash on delivery waits on the phone', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, paymentMethod: 'Mobile Money' } });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const calls = mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mobile Money needs an internet connection. Choose Cash on Delivery, or try again when you are back online.',
    );
    expect(opened).not.toHaveBeenCalled();

    await user().click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user().click(placeOrder());
    expect(await screen.findByRole('heading', { name: 'Your order is saved on this phone' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for a connection…')).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
    const [entry] = useOutbox.getState().entries;
    expect(entry).toMatchObject({
      kind: 'order',
      userId: null,
      details: { ...BILLING, phone: '0241234567', paymentMethod: 'Cash on Delivery' },
      items: [SHEA],
    });
    offline.mockRestore();
  });

  it('a changed cart gets a new key', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    const calls = mockApi({ 'POST createGuestOrder': () => json({ message: 'Only 1 items available in stock' }, 409) });
    await openCheckout();
    await user().click(placeOrder());
    await screen.findByRole('alert');
    act(() => {
      useCart.setState({ items: [{ ...SHEA, quantity: 1 }] });
    });
    await user().click(placeOrder());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
  });

  it("a customer's failure without a server text says 'Failed to place order'", async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    mockApi({ 'GET getMyCart': () => json(cartAnswerOf(SHEA)), 'POST createOrder': () => json({}, 500) });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to place order');
  });

  it('the server’s field errors go on their fields, and the first one gets the focus', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    mockApi({
      'POST createGuestOrder': () =>
        json({ message: 'Enter a valid Ghana phone number', errors: [{ path: ['phone'], message: 'Enter a valid Ghana phone number' }] }, 400),
    });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid Ghana phone number');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
  });

  it('a promo code the server no longer takes is dropped from the summary', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING }, promo: { code: 'SAVE10', percent: 10 } });
    mockApi({ 'POST createGuestOrder': () => json({ message: 'Invalid promo code', errors: [{ path: ['promoCode'], message: 'Invalid promo code' }] }, 400) });
    await openCheckout();
    await user().click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid promo code');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Discount', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₵0.00');
    expect(useCheckout.getState().promo).toBeNull();
  });
});

describe('a double tap', () => {
  it('sends one request, and the button is disabled with a spinner while it is out', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    const { answer, calls } = heldAnswer('POST createGuestOrder');
    await openCheckout();

    // Two taps in one task, before React can re-render the button as disabled.
    act(() => {
      placeOrder().click();
      placeOrder().click();
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(placeOrder()).toBeDisabled();
    expect(placeOrder()).toHaveAttribute('aria-busy', 'true');
    await user().click(placeOrder());

    answer.resolve(created(placedOrder())());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
