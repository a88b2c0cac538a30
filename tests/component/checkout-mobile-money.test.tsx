import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { checkoutSearch } from '@/client/features/checkout/checkout-search';
import { queryClient } from '@/client/lib/query-client';
import { useCart } from '@/client/stores/cart';
import { EMPTY_FORM, type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { ChargeAttempt, Order, OrderAnswer, OrderStatus, VerifyPaymentAnswer, VerifyStatus } from '@/shared/types';
import { type ApiCall, json, mockApi, type Route } from './api-mock';
import { attempt, CHARGE_REF, charged, checkoutPageSetup, elapse, openCheckout, PAYER_BILLING, placedOrder, reloadedWith, user } from './checkout-page';
import { CUSTOMER_SESSION, CUSTOMER_USER, cartAnswerOf, SHEA } from './fixtures';

/**
 * Mobile Money: Place order charges the wallet (approved on the phone), checked every 5 s; a payment
 * already under way on the payment page (kept from before the in-app charge) resumes, is tried again
 * and cancelled. The charge panel's own states are in checkout-charge.test.tsx.
 */

const REFERENCE = 'NK-7K3Q9P-0a1b2c3d4e5f';
const LINK = `/pay/sandbox/${REFERENCE}`;

/** A payment already under way, as the persisted store keeps it. */
const pendingPayment = (overrides: Partial<PendingPayment> = {}): PendingPayment => ({
  orderId: 'o1',
  orderNumber: 'NK-7K3Q9P',
  amount: 91,
  email: PAYER_BILLING.email,
  reference: REFERENCE,
  paymentLink: LINK,
  startedAt: '2026-11-22T09:00:00.000Z',
  userId: null,
  items: [{ productId: 'p-shea', quantity: 2, name: 'Raw Shea Butter' }],
  state: 'awaiting',
  ...overrides,
});

const created =
  (order: Order, orderToken?: string): Route =>
  () =>
    json({ message: 'Order created.', order, ...(orderToken ? { orderToken } : {}) } satisfies OrderAnswer, 201);
const initialized =
  (reference = REFERENCE): Route =>
  () =>
    json({ payment_link: `/pay/sandbox/${reference}`, reference, message: 'Payment started.' });
const verified =
  (status: VerifyStatus, orderId = 'o1', orderStatus: OrderStatus = 'Pending'): Route =>
  () =>
    json({ status, orderId, paymentStatus: status === 'success' ? 'Paid' : 'Pending', orderStatus } satisfies VerifyPaymentAnswer);

/** The server's 409 while a charge to another number is still open. */
const IN_FLIGHT_ELSEWHERE = 'A payment request is still waiting on 024 000 0001. Stop it first, or approve it on that phone.';

/** GET verifyPayment's answer about a charge attempt. */
const verifiedCharge =
  (status: VerifyStatus, overrides: Partial<ChargeAttempt> = {}): Route =>
  () =>
    json({ status, orderId: 'o1', paymentStatus: 'Pending', orderStatus: 'Pending', charge: attempt(overrides) } satisfies VerifyPaymentAnswer);

type FakeTab = { location: { href: string }; close: Mock; opener: unknown };
function stubTab(): { tab: FakeTab; open: Mock } {
  const tab: FakeTab = { location: { href: '' }, close: vi.fn(), opener: {} };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window) as unknown as Mock;
  return { tab, open };
}

const verifies = (calls: ApiCall[]) => calls.filter((c) => c.key.startsWith('GET verifyPayment/'));
const panelHeading = () => screen.queryByRole('heading', { name: 'Waiting for your Mobile Money payment' });
const chargeHeading = () => screen.queryByRole('heading', { name: 'Pay with Mobile Money' });
const chargePanel = () => screen.getByRole('region', { name: 'Pay with Mobile Money' });
const statusLine = () => within(screen.getByRole('region', { name: 'Waiting for your Mobile Money payment' })).getByRole('status');

async function placeMobileMoneyOrder() {
  useCheckout.setState({ form: { ...EMPTY_FORM, ...PAYER_BILLING, paymentMethod: 'Mobile Money' } });
  await openCheckout();
  await user().click(screen.getByRole('button', { name: 'Place order' }));
}

/**
 * Places the order with Mobile Money, the server creating it and charging the wallet: the prompt is
 * shown, no tab opened, the order created before the charge. Returns `window.open`'s spy and the calls.
 */
async function placeChargedOrder() {
  const open = vi.spyOn(window, 'open');
  const calls = mockApi({ 'POST createGuestOrder': created(placedOrder(), 'guest-secret'), 'POST chargeMobileMoney': charged() });
  await placeMobileMoneyOrder();
  expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
  expect(open).not.toHaveBeenCalled();
  expect(calls.map((c) => c.key)).toEqual(['POST createGuestOrder', 'POST chargeMobileMoney']);
  return { open, calls };
}

checkoutPageSetup();

describe('a guest pays with Mobile Money', () => {
  it('opens no tab: creates the order, charges the wallet with the order token, and shows the prompt with its countdown', async () => {
    useCart.setState({ items: [SHEA] });
    const { open, calls } = await placeChargedOrder();
    expect(calls[0]?.body).toMatchObject({ paymentMethod: 'Mobile Money', cart: [{ productId: 'p-shea', quantity: '2' }] });
    expect(calls[1]?.body).toEqual({ orderId: 'o1', phone: '0551234567', network: 'mtn' });
    expect(calls[1]?.headers.get('x-order-token')).toBe('guest-secret');

    // The form the shopper was in is gone: the panel's heading takes the focus.
    await waitFor(() => expect(chargeHeading()).toHaveFocus());
    const panel = chargePanel();
    expect(panel).toHaveTextContent('NK-7K3Q9P');
    expect(panel).toHaveTextContent('₵91.00');
    expect(panel).toHaveTextContent('055 123 4567 · MTN MoMo');
    expect(within(panel).getByRole('status')).toHaveTextContent('Approve the prompt on your phone.');
    expect(panel).toHaveTextContent('Enter your Mobile Money PIN on your phone to approve. Keep this page open.');
    // Two minutes to approve, counting down.
    expect(panel).toHaveTextContent('Time left to approve: 2:00');
    await elapse(3000);
    expect(panel).toHaveTextContent('Time left to approve: 1:57');

    for (const name of ['Check payment now', 'Stop and use another number', "Pay on Paystack's page instead", 'Cancel order']) {
      expect(within(panel).getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    // A guest's cart stays until the payment goes through.
    expect(useCart.getState().items).toHaveLength(1);
    expect(useCheckout.getState().pendingPayment).toMatchObject({
      orderId: 'o1',
      channel: 'charge',
      wallet: { phone: '0551234567', network: 'mtn' },
      reference: CHARGE_REF,
      userId: null,
      state: 'awaiting',
    });
  });

  it('checks every 5 s while the prompt is open (the attempt as the server sees it, no toast); then paid: confirmed, cart emptied, payment forgotten, confirmation after 1.5 s', async () => {
    useCart.setState({ items: [SHEA] });
    const routes: Record<string, Route> = {
      'POST createGuestOrder': created(placedOrder(), 'guest-secret'),
      'POST chargeMobileMoney': charged(),
      [`GET verifyPayment/${CHARGE_REF}`]: verifiedCharge('pending', { displayText: 'Dial *170#, choose 6 (Wallet), then 3 (My Approvals).' }),
    };
    const calls = mockApi(routes);
    await placeMobileMoneyOrder();
    await screen.findByText('Approve the prompt on your phone.');

    // The prompt has only just reached the phone: the first check is 5 s later.
    await elapse(4500);
    expect(verifies(calls)).toHaveLength(0);
    await elapse(500);
    expect(verifies(calls)).toHaveLength(1);
    expect(verifies(calls)[0]?.headers.get('x-order-token')).toBe('guest-secret');
    // The panel shows what the network now says; no toast repeats it on every check.
    expect(await within(chargePanel()).findByText('Dial *170#, choose 6 (Wallet), then 3 (My Approvals).')).toBeInTheDocument();
    expect(screen.queryByText('Payment not confirmed. Please complete payment.')).not.toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Check payment now' }));
    await vi.waitFor(() => expect(verifies(calls)).toHaveLength(2));

    await elapse(5000);
    expect(verifies(calls)).toHaveLength(3);
    // One charge, however many checks.
    expect(calls.filter((c) => c.key === 'POST chargeMobileMoney')).toHaveLength(1);

    routes[`GET verifyPayment/${CHARGE_REF}`] = verified('success');
    await elapse(5000);
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(screen.getByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    await elapse(1000);
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();
    await elapse(500);
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o1\?placed=true$/);
  });

  it('checks as soon as the shopper comes back to the page', async () => {
    useCart.setState({ items: [SHEA] });
    const calls = mockApi({
      'POST createGuestOrder': created(placedOrder(), 'guest-secret'),
      'POST chargeMobileMoney': charged(),
      [`GET verifyPayment/${CHARGE_REF}`]: verified('success'),
    });
    await placeMobileMoneyOrder();
    await screen.findByText('Approve the prompt on your phone.');
    expect(verifies(calls)).toHaveLength(0);

    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(1);
  });

  it('Mobile Money cannot be reached (502), then another request is starting it (409): the same charge is sent again every 4 s, never a second order', async () => {
    useCart.setState({ items: [SHEA] });
    const answers: Route[] = [
      () => json({ message: 'Mobile Money is not available right now. Please try again, or choose Cash on Delivery.' }, 502),
      () => json({ message: 'The payment is being started. Please try again in a moment.' }, 409),
      charged(),
    ];
    const calls = mockApi({
      'POST createGuestOrder': created(placedOrder(), 'guest-secret'),
      'POST chargeMobileMoney': (body, request) => (answers.shift() as Route)(body, request),
    });
    const charges = () => calls.filter((c) => c.key === 'POST chargeMobileMoney');
    await placeMobileMoneyOrder();

    await vi.waitFor(() => expect(charges()).toHaveLength(1));
    expect(within(chargePanel()).getByRole('status')).toHaveTextContent('Sending the payment request to your phone…');
    await elapse(3500);
    expect(charges()).toHaveLength(1);
    await elapse(500);
    expect(charges()).toHaveLength(2);
    expect(within(chargePanel()).getByRole('status')).toHaveTextContent('Sending the payment request to your phone…');
    await elapse(4000);
    expect(charges()).toHaveLength(3);

    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    for (const call of charges()) {
      expect(call.body).toEqual({ orderId: 'o1', phone: '0551234567', network: 'mtn' });
      expect(call.headers.get('x-order-token')).toBe('guest-secret');
    }
    expect(calls.filter((c) => c.key === 'POST createGuestOrder')).toHaveLength(1);
    // Nothing to wait for any more: no further charge.
    await elapse(8000);
    expect(charges()).toHaveLength(3);
  });

  it("a charge still waiting on another number (409): the server's text, and nothing is sent again", async () => {
    useCart.setState({ items: [SHEA] });
    const calls = mockApi({
      'POST createGuestOrder': created(placedOrder(), 'guest-secret'),
      'POST chargeMobileMoney': () => json({ message: IN_FLIGHT_ELSEWHERE }, 409),
    });
    await placeMobileMoneyOrder();

    const panel = await screen.findByRole('region', { name: 'Pay with Mobile Money' });
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(IN_FLIGHT_ELSEWHERE));
    // Said on the panel, which offers the wallet again and a retry (never stuck on "Sending…").
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(within(panel).getByLabelText('Mobile Money number')).toHaveValue('0551234567');
    // The order stays to be paid (or cancelled) here.
    expect(useCheckout.getState().pendingPayment).toMatchObject({ orderId: 'o1', channel: 'charge' });
    await elapse(12_000);
    expect(calls.filter((c) => c.key === 'POST chargeMobileMoney')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  });

  it('the order cannot be created: the form stays and nothing is charged', async () => {
    useCart.setState({ items: [SHEA] });
    const calls = mockApi({ 'POST createGuestOrder': () => json({ message: 'Only 1 items available in stock' }, 409) });
    await placeMobileMoneyOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 items available in stock');
    expect(chargeHeading()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Mobile Money wallet' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST createGuestOrder']);
    expect(useCheckout.getState().pendingPayment).toBeNull();
  });

  it('a replayed key that answers a cash-on-delivery order confirms that order', async () => {
    useCart.setState({ items: [SHEA] });
    const calls = mockApi({
      'POST createGuestOrder': created(placedOrder({}, 'Cash on Delivery'), 'guest-secret'),
    });
    await placeMobileMoneyOrder();
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST createGuestOrder']);
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(chargeHeading()).not.toBeInTheDocument();
  });
});

describe('a customer pays with Mobile Money', () => {
  it("empties the local cart (the order emptied the server's), charges with the session, and keeps what was ordered for a cancel", async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswerOf(SHEA)),
      'POST createOrder': created(placedOrder({ user: CUSTOMER_USER })),
      'POST chargeMobileMoney': charged(),
    });
    await placeMobileMoneyOrder();
    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    const charge = calls.find((c) => c.key === 'POST chargeMobileMoney');
    expect(charge?.body).toEqual({ orderId: 'o1', phone: '0551234567', network: 'mtn' });
    expect(charge?.authorization).toBe('Bearer tok-123');
    expect(charge?.headers.get('x-order-token')).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(useCheckout.getState().pendingPayment).toMatchObject({ userId: 'u1', channel: 'charge', items: [{ productId: 'p-shea', quantity: 2 }] });
  });
});

describe('a payment under way', () => {
  it('resumes after a reload from the persisted store and checks at once', async () => {
    useCart.setState({ items: [SHEA] });
    await reloadedWith(pendingPayment());
    const calls = mockApi({ [`GET verifyPayment/${REFERENCE}`]: verified('pending') });
    await openCheckout();

    expect(panelHeading()).toBeInTheDocument();
    await vi.waitFor(() => expect(verifies(calls)).toHaveLength(1));
    expect(verifies(calls)[0]?.headers.get('x-order-token')).toBe('guest-secret');
    expect(await screen.findByText('Payment not confirmed. Please complete payment.')).toBeInTheDocument();
    await elapse(5000);
    expect(verifies(calls)).toHaveLength(2);
  });

  it("'Check payment now' checks at once and says so", async () => {
    useCheckout.getState().startPayment(pendingPayment());
    const calls = mockApi({ [`GET verifyPayment/${REFERENCE}`]: verified('pending') });
    await openCheckout();
    await screen.findByText('Payment not confirmed yet. Complete it on the payment page.');
    await user().click(screen.getByRole('button', { name: 'Check payment now' }));
    await vi.waitFor(() => expect(verifies(calls)).toHaveLength(2));
  });

  it('declined: says nothing was charged, stops checking, and offers to try again', async () => {
    useCheckout.getState().startPayment(pendingPayment());
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    const { tab } = stubTab();
    const routes: Record<string, Route> = { [`GET verifyPayment/${REFERENCE}`]: verified('failed') };
    const calls = mockApi(routes);
    await openCheckout();

    await vi.waitFor(() => expect(statusLine()).toHaveTextContent('The payment was declined or not completed. Nothing was charged.'));
    // The status line and the toast.
    expect(screen.getAllByText('The payment was declined or not completed. Nothing was charged.')).toHaveLength(2);
    expect(useCheckout.getState().pendingPayment?.state).toBe('failed');
    await elapse(20_000);
    expect(verifies(calls)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Check payment now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();

    // Again: the server replaces the failed payment with a new reference, checked from then on.
    routes['POST initializePayment'] = initialized('NK-7K3Q9P-ffffffffffff');
    routes['GET verifyPayment/NK-7K3Q9P-ffffffffffff'] = verified('pending');
    await user().click(screen.getByRole('button', { name: 'Try payment again' }));
    expect(await screen.findByText('Payment opened in a new tab. Complete payment there.')).toBeInTheDocument();
    expect(tab.location.href).toBe('/pay/sandbox/NK-7K3Q9P-ffffffffffff');
    expect(calls.find((c) => c.key === 'POST initializePayment')?.headers.get('x-order-token')).toBe('guest-secret');
    expect(useCheckout.getState().pendingPayment).toMatchObject({ state: 'awaiting', reference: 'NK-7K3Q9P-ffffffffffff' });
    await elapse(5000);
    expect(calls.filter((c) => c.key === 'GET verifyPayment/NK-7K3Q9P-ffffffffffff')).toHaveLength(1);
  });

  it('abandoned counts as not paid', async () => {
    useCheckout.getState().startPayment(pendingPayment());
    mockApi({ [`GET verifyPayment/${REFERENCE}`]: verified('abandoned') });
    await openCheckout();
    await vi.waitFor(() => expect(useCheckout.getState().pendingPayment?.state).toBe('failed'));
    expect(screen.getByRole('button', { name: 'Try payment again' })).toBeInTheDocument();
  });

  it("no answer: 'Failed to verify payment', and checking goes on", async () => {
    useCheckout.getState().startPayment(pendingPayment());
    const routes: Record<string, Route> = {};
    const calls = mockApi(routes);
    await openCheckout();
    expect(await screen.findByText('Failed to verify payment')).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent('We could not check your payment just now. We will keep trying.');
    const before = verifies(calls).length;

    routes[`GET verifyPayment/${REFERENCE}`] = verified('success');
    await elapse(5000);
    expect(verifies(calls).length).toBeGreaterThan(before);
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
  });

  it('a payment the server no longer knows (404) is forgotten, and the form comes back', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment());
    mockApi({ [`GET verifyPayment/${REFERENCE}`]: () => json({ message: 'Payment not found' }, 404) });
    await openCheckout();
    expect(await screen.findByText('This payment could not be found any more. Please check your cart and place your order again.')).toBeInTheDocument();
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it("someone else's payment (signed in or out since) is dropped", async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment({ userId: 'u2' }));
    const calls = mockApi({});
    await openCheckout();
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(panelHeading()).not.toBeInTheDocument();
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('cancelling an unpaid order', () => {
  it("the cancel returns the stock (the catalogue is read again), the order's page shows the server's answer, and the lists are read again", async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment());
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    queryClient.setQueryData(['catalogue', 'all'], []);
    queryClient.setQueryData(['my', 'orders', 'detail', 'o1'], placedOrder());
    queryClient.setQueryData(['my', 'orders', 'detail', 'o2'], placedOrder({ _id: 'o2' }));
    queryClient.setQueryData(['device-orders', 'o1'], [placedOrder()]);
    const cancelled = placedOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T09:05:00.000Z' });
    mockApi({
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'Your order has been cancelled.', order: cancelled }),
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(queryClient.getQueryState(['catalogue', 'all'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['my', 'orders', 'detail', 'o1'])).toEqual(cancelled);
    expect(queryClient.getQueryState(['my', 'orders', 'detail', 'o1'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['device-orders', 'o1'])?.isInvalidated).toBe(true);
    // Another order, and the settings, are untouched.
    expect(queryClient.getQueryState(['my', 'orders', 'detail', 'o2'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['settings'])?.isInvalidated).toBe(false);
  });

  it('a refused cancel changes nothing in the cache', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment());
    queryClient.setQueryData(['catalogue', 'all'], []);
    queryClient.setQueryData(['my', 'orders', 'detail', 'o1'], placedOrder());
    mockApi({
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'This order cannot be cancelled.' }, 400),
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('This order cannot be cancelled.')).toBeInTheDocument();
    expect(queryClient.getQueryState(['catalogue', 'all'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(['my', 'orders', 'detail', 'o1'])).toEqual(placedOrder());
  });

  it('a guest: cancelOrder with the order token, the form is back with the cart as it was', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment());
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    const calls = mockApi({
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'Your order has been cancelled.', order: placedOrder({ orderStatus: 'Cancelled' }) }),
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    const cancel = calls.find((c) => c.key === 'POST cancelOrder/o1');
    expect(cancel?.headers.get('x-order-token')).toBe('guest-secret');
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(calls.some((c) => c.key === 'POST mergeCart')).toBe(false);
    expect(within(screen.getByRole('complementary', { name: 'Order summary' })).getByText('Raw Shea Butter × 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeInTheDocument();
  });

  it('a customer: the items go back into the server cart, then the cart is fetched', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.getState().startPayment(pendingPayment({ userId: 'u1' }));
    let cart = cartAnswerOf();
    const calls = mockApi({
      'GET getMyCart': () => json(cart),
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'Your order has been cancelled.', order: placedOrder({ orderStatus: 'Cancelled' }) }),
      'POST mergeCart': () => {
        cart = cartAnswerOf(SHEA);
        return json({ ...cart, skipped: [], adjusted: [] });
      },
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST cancelOrder/o1')?.authorization).toBe('Bearer tok-123');
    expect(calls.find((c) => c.key === 'POST mergeCart')?.body).toEqual({ items: [{ productId: 'p-shea', quantity: 2 }] });
    const keys = calls.map((c) => c.key);
    expect(keys.lastIndexOf('GET getMyCart')).toBeGreaterThan(keys.indexOf('POST mergeCart'));
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([expect.objectContaining({ productId: 'p-shea', quantity: 2 })]);
  });

  it('an item sold out meanwhile is named', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.getState().startPayment(pendingPayment({ userId: 'u1' }));
    mockApi({
      'GET getMyCart': () => json(cartAnswerOf()),
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'Your order has been cancelled.', order: placedOrder({ orderStatus: 'Cancelled' }) }),
      'POST mergeCart': () => json({ ...cartAnswerOf(), skipped: [{ productId: 'p-shea', reason: 'This product is out of stock' }], adjusted: [] }),
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Raw Shea Butter: This product is out of stock')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it("refused (already paid): the server's text, and the payment is checked once more", async () => {
    useCheckout.getState().startPayment(pendingPayment());
    const routes: Record<string, Route> = {
      [`GET verifyPayment/${REFERENCE}`]: verified('pending'),
      'POST cancelOrder/o1': () => json({ message: 'Only an unpaid order that is still pending can be cancelled.' }, 409),
    };
    const calls = mockApi(routes);
    await openCheckout();
    await vi.waitFor(() => expect(verifies(calls)).toHaveLength(1));

    routes[`GET verifyPayment/${REFERENCE}`] = verified('success');
    await user().click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(2);
    await elapse(1500);
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o1\?placed=true$/);
  });

  it('the hold ran out before a retry: said, the payment forgotten, and a customer’s items back in the cart', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCheckout.getState().startPayment(pendingPayment({ userId: 'u1', state: 'failed' }));
    const { tab } = stubTab();
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswerOf()),
      'POST initializePayment': () => json({ message: 'This order can no longer be paid. Please place a new order.' }, 409),
      'POST mergeCart': () => json({ ...cartAnswerOf(SHEA), skipped: [], adjusted: [] }),
    });
    await openCheckout();
    await user().click(screen.getByRole('button', { name: 'Try payment again' }));

    expect(await screen.findByText('This order can no longer be paid. Please place a new order.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(useCheckout.getState().pendingPayment).toBeNull();
    await vi.waitFor(() => expect(calls.find((c) => c.key === 'POST mergeCart')?.body).toEqual({ items: [{ productId: 'p-shea', quantity: 2 }] }));
  });
});

describe('back from the payment page (?reference=)', () => {
  it('with no payment on this device, a signed-in customer’s paid order opens its confirmation', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    const calls = mockApi({ 'GET getMyCart': () => json(cartAnswerOf()), 'GET verifyPayment/NK-AAAAAA-123456': verified('success', 'o9') });
    await openCheckout('NK-AAAAAA-123456');
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(1);
    await elapse(1500);
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o9\?placed=true$/);
  });

  it('the payment in progress: checked at once, once', async () => {
    useCheckout.getState().startPayment(pendingPayment());
    const calls = mockApi({ [`GET verifyPayment/${REFERENCE}`]: verified('success') });
    await openCheckout(REFERENCE);
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(1);
  });
});

describe('nothing to pay (a 100 % promo)', () => {
  it('a Mobile Money order answered already paid opens its confirmation like cash: no tab, no payment', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ promo: { code: 'FREE100', percent: 100 } });
    const { open } = stubTab();
    const calls = mockApi({
      'POST createGuestOrder': created(
        placedOrder({ discount: 91, total: 0, promoCode: 'FREE100', paymentStatus: 'Paid', paidAt: '2026-11-22T09:00:00.000Z', holdExpiresAt: null }),
        'guest-secret',
      ),
    });
    await placeMobileMoneyOrder();

    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(calls.map((c) => c.key)).toEqual(['POST createGuestOrder']);
    expect(calls[0]?.body).toMatchObject({ paymentMethod: 'Mobile Money', promoCode: 'FREE100' });
    expect(useCheckout.getState().pendingPayment).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(panelHeading()).not.toBeInTheDocument();
    await elapse(1500);
    expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o1\?placed=true$/);
  });

  it('the server still decides: an order it answers unpaid has its wallet charged (no tab)', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ promo: { code: 'FREE100', percent: 100 } });
    await placeChargedOrder();
    expect(chargePanel()).toHaveTextContent('₵91.00');
    expect(useCart.getState().items).toHaveLength(1);
  });
});

describe('a payment that lands on a cancelled order', () => {
  const PAID_LATE = 'Your payment arrived after this order was cancelled. The shop will contact you to refund it or to send your order.';

  it('while the payment is checked: never "Order confirmed"; it says so and opens the order itself', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.getState().startPayment(pendingPayment());
    const calls = mockApi({ [`GET verifyPayment/${REFERENCE}`]: verified('success', 'o1', 'Cancelled') });
    await openCheckout();

    expect(await screen.findByText(PAID_LATE)).toBeInTheDocument();
    expect(screen.queryByText('Order confirmed successfully!')).not.toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(1);
    expect(useCheckout.getState().pendingPayment).toBeNull();
    // The order page, not its confirmation.
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/order\/o1$/);
    // The toast stays long enough to be read.
    await elapse(5000);
    expect(screen.getByText(PAID_LATE)).toBeInTheDocument();
  });

  it('back from the payment page with no payment on this device: the same', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    mockApi({ 'GET getMyCart': () => json(cartAnswerOf()), 'GET verifyPayment/NK-AAAAAA-123456': verified('success', 'o9', 'Cancelled') });
    await openCheckout('NK-AAAAAA-123456');
    expect(await screen.findByText(PAID_LATE)).toBeInTheDocument();
    expect(screen.queryByText('Order confirmed successfully!')).not.toBeInTheDocument();
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/order\/o9$/);
  });
});

describe('the address the payment page returns to', () => {
  it('takes the reference from ?reference= or ?trxref= (Paystack sends both), and drops anything else', () => {
    expect(checkoutSearch({ trxref: REFERENCE, reference: REFERENCE })).toEqual({ reference: REFERENCE });
    expect(checkoutSearch({ trxref: REFERENCE })).toEqual({ reference: REFERENCE });
    expect(checkoutSearch({ reference: REFERENCE })).toEqual({ reference: REFERENCE });
    expect(checkoutSearch({ reference: 'bad ref!', trxref: REFERENCE })).toEqual({ reference: REFERENCE });
    expect(checkoutSearch({ reference: '<script>' })).toEqual({});
    expect(checkoutSearch({ trxref: 42 })).toEqual({});
    expect(checkoutSearch({})).toEqual({});
  });
});
