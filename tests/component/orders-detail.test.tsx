import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { set as idbSet } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { OrderDetailPage } from '@/client/features/orders/components/order-detail-page';
import { orderSearch } from '@/client/features/orders/order-search';
import { idbStorage } from '@/client/lib/idb-storage';
import { EMPTY_FORM, useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { Order } from '@/shared/types';
import { heldAnswer, json, mockApi } from './api-mock';
import { CUSTOMER_SESSION, freshStoresWithOrderTokens, givenShopSettings, makeOrder, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

/** Akosua signed in; the calls show her token as `Bearer tok-akosua`. */
const session = { ...CUSTOMER_SESSION, token: 'tok-akosua' };
const DELIVERY_NOTE = 'NB: Shipping / delivery fee not included in the total.';
const PAID_LATE = 'Your payment arrived after this order was cancelled. The shop will contact you to refund it or to send your order.';

const mobileMoneyPaid = (overrides: Partial<Order> = {}) =>
  makeOrder({ ...overrides, paymentStatus: 'Paid', paidAt: '2026-11-22T09:17:00.000Z' }, { paymentMethod: 'Mobile Money' });

/** The value right after a label in a <dl>. */
const valueAfter = (label: string) => screen.getByText(label).nextElementSibling;

async function openOrder(id = 'o1', placed = false) {
  return renderWithRouter(<OrderDetailPage id={id} placed={placed} />, { path: `/order/${id}` });
}

/** Order o1's page, the server answering it with `order`. */
async function openAnswered(order: Order) {
  mockApi({ 'GET getOrderById/o1': () => json({ order }) });
  return openOrder();
}

freshStoresWithOrderTokens();

describe('order detail', () => {
  it("shows a customer's order, read with the bearer token", async () => {
    useSession.setState({ session });
    const { answer, calls } = heldAnswer('GET getOrderById/o1');
    await openOrder();
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');

    answer.resolve(json({ order: makeOrder() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order NK-7K3Q9P - Nkuto Naturals'));
    expect(calls).toEqual([{ key: 'GET getOrderById/o1', body: undefined, authorization: 'Bearer tok-akosua' }]);
    expect(calls[0]!.headers.get('x-order-token')).toBeNull();

    expect(valueAfter('Order date')).toHaveTextContent('22 Nov 2026, 09:15');
    expect(within(valueAfter('Status') as HTMLElement).getByText('Pending')).toHaveAttribute('data-tone', 'warning');
    expect(within(valueAfter('Payment status') as HTMLElement).getByText('Pending')).toHaveAttribute('data-tone', 'warning');
    expect(valueAfter('Payment method')).toHaveTextContent('Cash on Delivery');

    const customer = within(screen.getByRole('region', { name: 'Customer Information' }));
    const pairs = customer.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Full name', 'Akosua Mensah'],
      ['Email', 'akosua@example.com'],
      ['Phone', '0241234567'],
      ['Address', '14 Oxford Street, Osu'],
      ['City', 'Accra'],
    ]);

    const lines = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual([
      'Raw Shea ButterQty: 2 · ₵45.50 eachTotal for Raw Shea Butter: ₵91.00',
      'African Black SoapQty: 1 · ₵30.00 eachTotal for African Black Soap: ₵30.00',
    ]);
    expect(lines[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/shea-640.webp');

    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Total', '₵121.00'],
    ]);
    expect(summary.getByText(DELIVERY_NOTE)).toBeInTheDocument();

    // Not just placed: no confirmation, and nothing to pay.
    expect(screen.queryByRole('heading', { name: 'Thank you for your order!' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete payment' })).not.toBeInTheDocument();
  });

  it('shows Paid in green, and the discount with its promo code', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: mobileMoneyPaid({ discount: 12.1, total: 108.9, promoCode: 'SAVE10' }) }) });
    await openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    expect(within(valueAfter('Payment status') as HTMLElement).getByText('Paid')).toHaveAttribute('data-tone', 'success');
    expect(valueAfter('Payment method')).toHaveTextContent('Mobile Money');
    expect(valueAfter('Discount (SAVE10)')).toHaveTextContent(/^−₵12\.10$/);
    expect(valueAfter('Total')).toHaveTextContent(/^₵108\.90$/);
    expect(valueAfter('Subtotal')).toHaveTextContent(/^₵121\.00$/);
  });

  it("reads a guest's order with the token kept in IndexedDB, once the store is read back after a reload", async () => {
    // The device as the checkout left it: the guest's token in IndexedDB, nothing in memory yet.
    await idbSet(
      'checkout',
      JSON.stringify({ state: { form: EMPTY_FORM, promo: null, attempt: null, pendingPayment: null, orderTokens: { o1: 'guest-secret-o1' } }, version: 0 }),
    );
    const readStored = idbStorage.getItem.bind(idbStorage);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(idbStorage, 'getItem').mockImplementation(async (name) => {
      await held;
      return readStored(name);
    });
    const calls = mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder({ user: null }) }) });

    const rehydrated = useCheckout.persist.rehydrate();
    await openOrder('o1', true);
    // Still reading the store: no call yet, and no talk of signing in.
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();

    release();
    await act(() => rehydrated);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBeNull();
    expect(calls[0]!.headers.get('x-order-token')).toBe('guest-secret-o1');
    expect(screen.queryByText('Please log in to view order details')).not.toBeInTheDocument();
  });

  it("says 'Order Not Found' for a 404, with a way back to the orders", async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/nope': () => json({ message: 'Order Not Found' }, 404) });
    await openOrder('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order Not Found - Nkuto Naturals'));
    await userEvent.click(screen.getByRole('link', { name: 'Back to My Orders' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/orders$/);
  });

  it("says 'Failed to fetch order' when the call fails, and Try again loads it", async () => {
    useSession.setState({ session });
    let online = false;
    mockApi({
      'GET getOrderById/o1': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json({ order: makeOrder() });
      },
    });
    await openOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch order');
    expect(screen.queryByRole('heading', { name: 'Order Not Found' })).not.toBeInTheDocument();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
  });

  it("signed out without the order's token: 'Please log in to view order details', then /signin and back", async () => {
    useCheckout.getState().rememberOrderToken('another-order', 'secret');
    const calls = mockApi({});
    await openOrder('o1');
    expect(await screen.findByText('Please log in to view order details')).toBeInTheDocument();
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/signin?redirect=%2Forder%2Fo1');
    expect(calls).toEqual([]);
  });

  it('says when a cancelled order was cancelled', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T10:05:00.000Z' }) }) });
    await openOrder();
    expect(await screen.findByText('This order was cancelled on 22 Nov 2026, 10:05.')).toBeInTheDocument();
    expect(within(valueAfter('Status') as HTMLElement).getByText('Cancelled')).toHaveAttribute('data-tone', 'danger');
  });

  it('a payment that arrived after the order was cancelled: the shop will refund it or send the order', async () => {
    useSession.setState({ session });
    const order = makeOrder(
      { orderStatus: 'Cancelled', cancelReason: 'expired', cancelledAt: '2026-11-22T09:30:00.000Z', paymentStatus: 'Paid', paidAt: '2026-11-22T09:34:00.000Z' },
      { paymentMethod: 'Mobile Money' },
    );
    await openAnswered(order);
    expect(await screen.findByText('This order was cancelled on 22 Nov 2026, 09:30.')).toBeInTheDocument();
    expect(screen.getByText(PAID_LATE)).toBeInTheDocument();
    expect(within(valueAfter('Payment status') as HTMLElement).getByText('Paid')).toBeInTheDocument();
  });

  it('an order paid first and cancelled by the shop later does not say the payment came after', async () => {
    useSession.setState({ session });
    const order = mobileMoneyPaid({ orderStatus: 'Cancelled', cancelReason: 'admin', cancelledAt: '2026-11-23T10:00:00.000Z' });
    await openAnswered(order);
    expect(await screen.findByText('This order was cancelled on 23 Nov 2026, 10:00.')).toBeInTheDocument();
    expect(screen.queryByText(PAID_LATE)).not.toBeInTheDocument();
  });

  it('says what was refunded, and what is on its way, in ₵ (a failed refund is the shop’s to retry)', async () => {
    useSession.setState({ session });
    const refund = { returnedToStock: false, createdAt: '2026-11-24T09:00:00.000Z', updatedAt: '2026-11-24T09:05:00.000Z' };
    const order = mobileMoneyPaid({
      orderStatus: 'Cancelled',
      cancelledAt: '2026-11-23T10:00:00.000Z',
      refunds: [
        { _id: 'r1', amount: 50, status: 'processed', ...refund },
        { _id: 'r2', amount: 1000.5, status: 'processed', ...refund },
        { _id: 'r3', amount: 20, status: 'pending', ...refund },
        { _id: 'r4', amount: 7.77, status: 'failed', ...refund },
      ],
    });
    await openAnswered(order);
    expect(await screen.findByText('Refunded: ₵1,050.50')).toBeInTheDocument();
    expect(screen.getByText('Refund of ₵20.00 on its way')).toBeInTheDocument();
    expect(screen.queryByText(/₵7\.77/)).not.toBeInTheDocument();
  });

  it('an unpaid Mobile Money order says payment is awaited, until when, and leads to the checkout', async () => {
    useSession.setState({ session });
    const order = makeOrder({ holdExpiresAt: '2026-11-22T09:45:00.000Z' }, { paymentMethod: 'Mobile Money' });
    await openAnswered(order);
    expect(await screen.findByText('Payment awaited: your order is confirmed once your Mobile Money payment is received.')).toBeInTheDocument();
    expect(screen.getByText('Complete the payment by 22 Nov 2026, 09:45, or the order will be cancelled.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Complete payment' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
  });

  it.each([
    ['expired', 'Mobile Money', 'It was not paid in time, so its items went back on sale.'],
    ['unconfirmed', 'Cash on Delivery', 'The shop did not confirm it in time, so its items went back on sale. Please order again or call the shop.'],
    ['shopper', 'Mobile Money', 'You cancelled it.'],
    ['admin', 'Cash on Delivery', 'The shop cancelled it.'],
  ] as const)('a cancelled order says why (%s)', async (cancelReason, paymentMethod, sentence) => {
    useSession.setState({ session });
    const order = makeOrder({ orderStatus: 'Cancelled', cancelReason, cancelledAt: '2026-11-24T09:15:00.000Z' }, { paymentMethod });
    await openAnswered(order);
    const when = await screen.findByText('This order was cancelled on 24 Nov 2026, 09:15.');
    // The reason sits with the date, in the same notice.
    expect(within(when.parentElement as HTMLElement).getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/The shop will confirm your order by/)).not.toBeInTheDocument();
  });

  it('a cancelled order without a recorded reason says only when', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T10:05:00.000Z' }) }) });
    await openOrder();
    const when = await screen.findByText('This order was cancelled on 22 Nov 2026, 10:05.');
    expect(when.parentElement?.textContent).toBe('This order was cancelled on 22 Nov 2026, 10:05.');
  });

  it('a pending Cash on Delivery order says by when the shop will confirm it, and asks for no payment', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder({ holdExpiresAt: '2026-11-24T09:15:00.000Z' }) }) });
    await openOrder();
    expect(await screen.findByText('The shop will confirm your order by 24 Nov 2026, 09:15.')).toBeInTheDocument();
    expect(screen.queryByText(/Complete the payment by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete payment' })).not.toBeInTheDocument();
  });

  it('a Cash on Delivery order the shop confirmed (Processing) says nothing of confirming', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder({ orderStatus: 'Processing', holdExpiresAt: null }) }) });
    await openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    expect(screen.queryByText(/The shop will confirm your order by/)).not.toBeInTheDocument();
  });

  it('an unpaid Mobile Money order never says the shop will confirm it', async () => {
    useSession.setState({ session });
    const order = makeOrder({ holdExpiresAt: '2026-11-22T09:45:00.000Z' }, { paymentMethod: 'Mobile Money' });
    await openAnswered(order);
    expect(await screen.findByText('Complete the payment by 22 Nov 2026, 09:45, or the order will be cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/The shop will confirm your order by/)).not.toBeInTheDocument();
  });
});

describe('the confirmation after checkout (placed=true)', () => {
  it('thanks the shopper, gives the number and the next step for Cash on Delivery, and takes the focus', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder() }) });
    await openOrder('o1', true);
    const thanks = await screen.findByRole('heading', { level: 2, name: 'Thank you for your order!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    const block = within(screen.getByRole('region', { name: 'Thank you for your order!' }));
    expect(block.getByText('Your order number is NK-7K3Q9P')).toBeInTheDocument();
    expect(block.getByText('We will call you on 0241234567 to confirm delivery. Pay in cash when your order arrives.')).toBeInTheDocument();
    // The fee note is said once, in the details under the confirmation.
    expect(block.queryByText(DELIVERY_NOTE)).not.toBeInTheDocument();
    expect(screen.getAllByText(DELIVERY_NOTE)).toHaveLength(1);
    // The order itself follows, with its own heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    await userEvent.click(block.getByRole('link', { name: 'Continue shopping' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
  });

  it('says the payment was received for a paid Mobile Money order', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: mobileMoneyPaid() }) });
    await openOrder('o1', true);
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(screen.getByText('Your payment has been received. We will call you on 0241234567 to arrange delivery.')).toBeInTheDocument();
  });

  it('a payment that came after the order was cancelled is no confirmation of the order', async () => {
    useSession.setState({ session });
    const order = mobileMoneyPaid({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T09:15:00.000Z', paidAt: '2026-11-22T09:17:00.000Z' });
    mockApi({ 'GET getOrderById/o1': () => json({ order }) });
    await openOrder('o1', true);
    const block = within(await screen.findByRole('region', { name: 'Thank you for your order!' }));
    expect(block.getByText(PAID_LATE)).toBeInTheDocument();
    expect(screen.queryByText(/Your payment has been received/)).not.toBeInTheDocument();
  });

  it('is not shown without placed=true', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder() }) });
    await openOrder('o1', false);
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    expect(screen.queryByRole('heading', { name: 'Thank you for your order!' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your order number is NK-7K3Q9P')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue shopping' })).not.toBeInTheDocument();
  });

  it('is asked for with ?placed=true (or true); anything else is the plain detail', () => {
    expect(orderSearch({ placed: true })).toEqual({ placed: true });
    expect(orderSearch({ placed: 'true' })).toEqual({ placed: true });
    expect(orderSearch({ placed: 'yes' })).toEqual({});
    expect(orderSearch({ placed: false })).toEqual({});
    expect(orderSearch({})).toEqual({});
  });
});

describe('printing the order as a receipt', () => {
  it('has a print header with the shop (logo, name, address, contacts) and the order, and Print opens the print dialog', async () => {
    useSession.setState({ session });
    givenShopSettings({ ...SHOP_SETTINGS, logo: '/uploads/logo-256.webp' });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await openAnswered(mobileMoneyPaid({ region: 'Greater Accra', gpsAddress: 'GA-183-8164', landmark: 'Behind the Total filling station' }));
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });

    // Only on paper: hidden from the screen and from assistive technology, so not a second banner.
    const header = screen.getByTestId('print-header');
    expect(header).toHaveAttribute('aria-hidden', 'true');
    expect(header.querySelector('img')).toHaveAttribute('src', '/uploads/logo-256.webp');
    const texts = [...header.querySelectorAll('p')].map((p) => p.textContent);
    expect(texts).toEqual([
      'Nkuto Naturals',
      '14 Oxford Street, Osu, Accra, Ghana',
      'Phone: +233 24 123 4567',
      'WhatsApp: 233241234567',
      'Email: hello@nkutonaturals.com.gh',
      'Receipt',
    ]);
    expect([...header.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Order number', 'NK-7K3Q9P'],
      ['Placed', '22 Nov 2026, 09:15'],
      ['Order status', 'Pending'],
      ['Payment', 'Paid (Mobile Money)'],
      ['Paid on', '22 Nov 2026, 09:17'],
    ]);
    // The rest of the receipt is the page's own: the address with its GPS address and landmark, the lines, the totals.
    const customer = within(screen.getByRole('region', { name: 'Customer Information' }));
    expect(customer.getByText('GA-183-8164')).toBeInTheDocument();
    expect(customer.getByText('Behind the Total filling station')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order Summary' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('without settings yet, the header still names the shop and asks nothing of the server', async () => {
    useSession.setState({ session });
    const calls = mockApi({ 'GET getOrderById/o1': () => json({ order: makeOrder() }) });
    await openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    expect(screen.getByTestId('print-header').querySelector('p')).toHaveTextContent('Nkuto Naturals');
    expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o1']);
  });
});
