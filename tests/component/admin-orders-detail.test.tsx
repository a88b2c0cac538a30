import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminOrderPage } from '../../src/client/features/admin/orders/components/admin-order-page';
import type { AdminOrder } from '../../src/client/features/admin/orders/types';
import { configureHttp } from '../../src/client/lib/http';
import { useSession } from '../../src/client/stores/session';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores } from './fixtures';
import { renderWithRouter } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const contact = { fullName: 'Akosua Mensah', email: 'akosua@example.com', phone: '0241234567', address: '14 Oxford Street, Osu', city: 'Accra' };
  return {
    _id: 'o1',
    orderNumber: 'NK-7K3Q9P',
    createdAt: '2026-11-22T09:15:00.000Z',
    subtotal: 121,
    discount: 12.1,
    total: 108.9,
    promoCode: 'SAVE10',
    orderStatus: 'Processing',
    paymentStatus: 'Pending',
    paymentReference: null,
    needsAttention: null,
    user: { _id: 'u1', fullName: contact.fullName, email: contact.email },
    ...contact,
    paymentMethod: { ...contact, paymentMethod: 'Cash on Delivery' },
    items: [
      { product: { _id: 'p-shea', name: 'Raw Shea Butter', price: 48, productImageUrls: ['/uploads/shea-640.webp'] }, priceAtPurchase: 45.5, quantity: 2 },
      { product: { _id: 'p-soap', name: 'African Black Soap', price: 30, productImageUrls: [] }, priceAtPurchase: 30, quantity: 1 },
    ],
    holdExpiresAt: null,
    paidAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

async function openOrder(order: AdminOrder, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET getOrderById/${order._id}`]: () => json({ order }), ...routes });
  const view = await renderWithRouter(<AdminOrderPage id={order._id} />, { path: `/admin/orders/${order._id}` });
  await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` });
  return { calls, ...view };
}

const statusSelect = () => screen.getByRole('combobox', { name: 'Order status' });
/** The badge beside the title says the status in words. */
const headerBadges = () => within(screen.getByRole('banner')).getAllByText(/^(Pending|Processing|Shipped|Delivered|Cancelled|Paid)$/);
const progress = () => screen.getByRole('list', { name: 'Order progress' });
const currentStep = () =>
  within(progress())
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-current') === 'step');
const pairsIn = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

fakeTimersAndFreshStores();

beforeEach(() => {
  useSession.setState({ session: admin });
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} });
});

describe('admin order detail', () => {
  it('shows the order: progress, status, payment, customer, items and totals, with a way back', async () => {
    const answer = deferred();
    const calls = mockApi({ 'GET getOrderById/o1': () => answer.promise });
    await renderWithRouter(<AdminOrderPage id="o1" />, { path: '/admin/orders/o1' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');

    answer.resolve(json({ order: makeOrder() }));
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    await waitFor(() => expect(document.title).toBe('Order NK-7K3Q9P - Admin - Nkuto Naturals'));
    expect(calls).toEqual([{ key: 'GET getOrderById/o1', body: undefined, authorization: 'Bearer tok-admin' }]);

    expect(
      within(progress())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓Pending (done)', '2Processing', '3Shipped', '4Delivered']);
    expect(currentStep()).toHaveTextContent('Processing');
    expect(statusSelect()).toHaveValue('Processing');
    expect(
      within(statusSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(headerBadges().map((b) => b.textContent)).toEqual(['Processing', 'Pending']);

    expect(pairsIn('Customer Information')).toEqual([
      ['Name', 'Akosua Mensah'],
      ['Email', 'akosua@example.com'],
      ['Phone', '0241234567'],
      ['Address', '14 Oxford Street, Osu, Accra'],
      ['Payment method', 'Cash on Delivery'],
      ['Account', 'View customer profile'],
    ]);
    expect(screen.getByRole('link', { name: 'View customer profile' })).toHaveAttribute('href', '/admin/customers/u1');

    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([[], ['Raw Shea Butter', '2', '₵45.50', '₵91.00'], ['African Black Soap', '1', '₵30.00', '₵30.00']]);
    expect(rows[1]!.querySelector('img')).toHaveAttribute('src', '/uploads/shea-640.webp');

    // No shipping or tax set: neither is shown.
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount (SAVE10)', '−₵12.10'],
      ['Total', '₵108.90'],
    ]);
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('shows shipping and tax when the order carries them, a guest as a guest, and the attention flag in words', async () => {
    await openOrder(makeOrder({ user: null, shipping: 10, tax: 5.45, total: 124.35, needsAttention: 'refund due' }));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount (SAVE10)', '−₵12.10'],
      ['Shipping', '₵10.00'],
      ['Tax', '₵5.45'],
      ['Total', '₵124.35'],
    ]);
    expect(pairsIn('Customer Information').at(-1)).toEqual(['Account', 'Guest (no account)']);
    expect(screen.getByText('⚠ Needs attention: refund due')).toBeVisible();
  });

  it('changes the status at once, saves it, and confirms with a toast', async () => {
    const saved = deferred();
    const { calls } = await openOrder(makeOrder(), { 'PATCH updateOrderStatusById/o1': () => saved.promise });

    await user().selectOptions(statusSelect(), 'Shipped');
    // Optimistic: select, badge and progress already say Shipped while the server is asked.
    expect(statusSelect()).toHaveValue('Shipped');
    expect(statusSelect()).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Saving order status' })).toBeInTheDocument();
    expect(headerBadges()[0]).toHaveTextContent('Shipped');
    expect(currentStep()).toHaveTextContent('Shipped');
    expect(calls.at(-1)).toEqual({ key: 'PATCH updateOrderStatusById/o1', body: { orderStatus: 'Shipped' }, authorization: 'Bearer tok-admin' });

    saved.resolve(json({ message: 'Order status updated to Shipped', order: makeOrder({ orderStatus: 'Shipped' }) }));
    expect(await screen.findByText('Order status updated to Shipped')).toBeInTheDocument();
    expect(statusSelect()).toBeEnabled();
    expect(statusSelect()).toHaveValue('Shipped');
    await waitFor(() => expect(statusSelect()).toHaveFocus());
    expect(screen.queryByRole('status', { name: 'Saving order status' })).not.toBeInTheDocument();
  });

  it("puts the select, badge and progress back and says 'Failed to update order status' when the server fails", async () => {
    await openOrder(makeOrder(), { 'PATCH updateOrderStatusById/o1': () => json({ message: 'Something went wrong.' }, 500) });

    await user().selectOptions(statusSelect(), 'Delivered');
    expect(await screen.findByText('Failed to update order status')).toBeInTheDocument();
    expect(statusSelect()).toHaveValue('Processing');
    expect(statusSelect()).toBeEnabled();
    expect(headerBadges()[0]).toHaveTextContent('Processing');
    expect(currentStep()).toHaveTextContent('Processing');
    // A server error explains nothing to the admin: only the spec's text.
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(screen.queryByText('Order status updated to Delivered')).not.toBeInTheDocument();
  });

  it("shows 'Cancelled' instead of the steps, and the server's reason when restoring is refused (409)", async () => {
    const reason = 'Not enough stock to restore this order: Baobab Oil has only 3 left.';
    await openOrder(makeOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-23T10:00:00.000Z' }), {
      'PATCH updateOrderStatusById/o1': () => json({ message: reason }, 409),
    });
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    const statusRegion = within(screen.getByRole('region', { name: 'Order Status' }));
    expect(statusRegion.getByText('Cancelled', { selector: 'p' })).toBeInTheDocument();
    expect(statusRegion.getByText('This order was cancelled on 23 Nov 2026, 10:00.')).toBeInTheDocument();

    await user().selectOptions(statusSelect(), 'Pending');
    expect(await screen.findByText('Failed to update order status')).toBeInTheDocument();
    // In the toast and, to stay after it closes, under the select.
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(statusSelect()).toHaveValue('Cancelled');
    expect(statusSelect()).toHaveAccessibleDescription(reason);
    expect(statusRegion.getByText('Cancelled', { selector: 'p' })).toBeInTheDocument();
  });

  it("marks an unpaid Cash-on-Delivery order as paid: 'Payment status updated to Paid'", async () => {
    const saved = deferred();
    const { calls } = await openOrder(makeOrder(), { 'PATCH updatePaymentStatusById/o1': () => saved.promise });
    const payment = within(screen.getByRole('region', { name: 'Payment' }));

    await user().click(payment.getByRole('button', { name: 'Mark as Paid' }));
    expect(payment.getByRole('button', { name: 'Mark as Paid' })).toBeDisabled();
    expect(statusSelect()).toBeDisabled();
    expect(calls.at(-1)).toEqual({ key: 'PATCH updatePaymentStatusById/o1', body: { paymentStatus: 'Paid' }, authorization: 'Bearer tok-admin' });

    saved.resolve(json({ message: 'Payment status updated to Paid', order: makeOrder({ paymentStatus: 'Paid', paidAt: '2026-11-24T12:30:00.000Z' }) }));
    expect(await screen.findByText('Payment status updated to Paid')).toBeInTheDocument();
    expect(payment.queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    expect(payment.getByText('Paid', { selector: '[data-tone]' })).toHaveAttribute('data-tone', 'success');
    expect(payment.getByText('24 Nov 2026, 12:30')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus());
  });

  it("keeps Mark as Paid when marking fails, and says 'Failed to update payment status'", async () => {
    await openOrder(makeOrder(), { 'PATCH updatePaymentStatusById/o1': () => json({ message: 'Something went wrong.' }, 500) });
    await user().click(screen.getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('Failed to update payment status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Paid' })).toBeEnabled();
  });

  it('offers Mark as Paid only for unpaid cash orders', async () => {
    const momo = makeOrder();
    momo.paymentMethod = { ...momo.paymentMethod, paymentMethod: 'Mobile Money' };
    await openOrder(momo);
    expect(screen.queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
  });

  it("says 'Order Not Found' for a missing order and 'Failed to fetch order' when it cannot be loaded", async () => {
    mockApi({ 'GET getOrderById/gone': () => json({ message: 'Order Not Found' }, 404) });
    const { unmount } = await renderWithRouter(<AdminOrderPage id="gone" />, { path: '/admin/orders/gone' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toBeInTheDocument();
    unmount();

    vi.restoreAllMocks();
    mockApi({ 'GET getOrderById/o1': () => json({ message: 'Database unavailable' }, 503) });
    await renderWithRouter(<AdminOrderPage id="o1" />, { path: '/admin/orders/o1' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch order$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
