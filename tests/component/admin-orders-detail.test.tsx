import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminOrderPage } from '@/client/features/admin/orders/components/admin-order-page';
import { queryClient } from '@/client/lib/query-client';
import type { AdminOrder, OrderFlag, OrderRefund } from '@/shared/types';
import { type ApiCall, deferred, heldAnswer, json, mockApi, type Route } from './api-mock';
import { fakeTimersAndFreshStores, givenShopSettings, makeAdminOrder, makeOutboxMessage, SHOP_SETTINGS, signedInAs, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

/** Akosua's order as the admin opens it: `makeAdminOrder`'s, processing, with SAVE10 taking ₵12.10 off. */
function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return makeAdminOrder({ discount: 12.1, total: 108.9, promoCode: 'SAVE10', orderStatus: 'Processing', ...overrides });
}

/** An open flag, as admin answers list it: refund due since 23 Nov 2026, 10:00 (Accra). */
function openFlag(overrides: Partial<OrderFlag> = {}): OrderFlag {
  return {
    _id: 'f1',
    kind: 'refund_due',
    reason: 'Cancelled after it was paid: ₵108.90 to send back.',
    createdAt: '2026-11-23T10:00:00.000Z',
    clearedAt: null,
    clearNote: null,
    ...overrides,
  };
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** The order `id`'s page at its address. */
const showOrder = (id: string) => renderWithRouter(<AdminOrderPage id={id} />, { path: `/admin/orders/${id}` });

/** The order's messages (its Messages panel): none unless a test says. */
const noMessages: Route = () => json({ messages: [], total: 0, page: 1, limit: 100 });

async function openOrder(order: AdminOrder, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET getOrderById/${order._id}`]: () => json({ order }), 'GET outboxMessages': noMessages, ...routes });
  const view = await showOrder(order._id);
  await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` });
  return { calls, ...view };
}

/** The last change asked of the server (reads follow a change: the order's messages are read again). */
const lastWrite = (calls: ApiCall[]) => calls.filter((call) => !call.key.startsWith('GET')).at(-1);

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

signedInAs(admin);

describe('admin order detail', () => {
  it('shows the order: progress, status, payment, customer, items and totals, with a way back', async () => {
    const { answer, calls } = heldAnswer('GET getOrderById/o1');
    await showOrder('o1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');

    answer.resolve(json({ order: makeOrder() }));
    await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
    await waitFor(() => expect(document.title).toBe('Order NK-7K3Q9P - Admin - Nkuto Naturals'));
    // The order, then its messages (the Messages panel).
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o1', 'GET outboxMessages']));
    expect(calls[0]).toEqual({ key: 'GET getOrderById/o1', body: undefined, authorization: 'Bearer tok-admin' });

    expect(textsOf(progress(), 'listitem')).toEqual(['✓Pending (done)', '2Processing', '3Shipped', '4Delivered']);
    expect(currentStep()).toHaveTextContent('Processing');
    expect(statusSelect()).toHaveValue('Processing');
    expect(textsOf(statusSelect(), 'option')).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(headerBadges().map((b) => b.textContent)).toEqual(['Processing', 'Pending']);
    // Side by side, both could say Pending: each is named.
    const [statusBadge, paymentBadge] = headerBadges();
    expect(statusBadge?.parentElement).toHaveTextContent(/^Order status\s*Processing$/);
    expect(paymentBadge?.parentElement).toHaveTextContent(/^Payment\s*Pending$/);

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

    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount (SAVE10)', '−₵12.10'],
      ['Total', '₵108.90'],
    ]);
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('shows a guest as a guest, and the attention flag in words', async () => {
    await openOrder(makeOrder({ user: null, flags: [openFlag()] }));
    expect(pairsIn('Customer Information').at(-1)).toEqual(['Account', 'Guest (no account)']);
    const attention = within(screen.getByRole('region', { name: 'Needs attention' }));
    expect(attention.getByText('⚠ Refund due')).toBeVisible();
  });

  it('an order taken by phone without an e-mail says None, with no mail link (never a placeholder address)', async () => {
    await openOrder(makeOrder({ user: null, email: '', enteredByAdmin: true }));
    expect(pairsIn('Customer Information')[1]).toEqual(['Email', 'None']);
    expect(within(screen.getByRole('region', { name: 'Customer Information' })).queryByRole('link', { name: /@|^$/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
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
    expect(lastWrite(calls)).toEqual({ key: 'PATCH updateOrderStatusById/o1', body: { orderStatus: 'Shipped' }, authorization: 'Bearer tok-admin' });

    saved.resolve(json({ message: 'Order status updated to Shipped', order: makeOrder({ orderStatus: 'Shipped' }) }));
    expect(await screen.findByText('Order status updated to Shipped')).toBeInTheDocument();
    expect(statusSelect()).toBeEnabled();
    expect(statusSelect()).toHaveValue('Shipped');
    await waitFor(() => expect(statusSelect()).toHaveFocus());
    expect(screen.queryByRole('status', { name: 'Saving order status' })).not.toBeInTheDocument();
  });

  it('asks before cancelling a paid order, saying the customer is messaged and the refund due with its amount; Keep order changes nothing', async () => {
    const paid = makeOrder({ paymentStatus: 'Paid', paidAt: '2026-11-22T10:00:00.000Z' });
    const { calls } = await openOrder(paid, {
      'PATCH updateOrderStatusById/o1': () => json({ message: 'Order status updated to Cancelled', order: { ...paid, orderStatus: 'Cancelled' } }),
    });
    const u = user();
    await u.selectOptions(statusSelect(), 'Cancelled');
    const question = await screen.findByRole('alertdialog', { name: 'Cancel order NK-7K3Q9P?' });
    expect(question).toHaveAccessibleDescription(
      'The customer gets a message saying the order is cancelled. Its items go back on sale. It is paid, so a refund of ₵108.90 is due: the order shows “Refund due” until you settle it.',
    );
    // Nothing is sent, nor shown changed, while the owner decides; the safe answer has the focus.
    expect(lastWrite(calls)).toBeUndefined();
    expect(statusSelect()).toHaveValue('Processing');
    expect(within(question).getByRole('button', { name: 'Keep order' })).toHaveFocus();

    await u.click(within(question).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(lastWrite(calls)).toBeUndefined();
    expect(statusSelect()).toHaveValue('Processing');

    await u.selectOptions(statusSelect(), 'Cancelled');
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(lastWrite(calls)).toMatchObject({ key: 'PATCH updateOrderStatusById/o1', body: { orderStatus: 'Cancelled' } });
    expect(await screen.findByText('Order status updated to Cancelled')).toBeInTheDocument();
  });

  it('asks before cancelling an unpaid order too (the customer is messaged), with no refund to speak of', async () => {
    await openOrder(makeOrder({ stockHeld: false }));
    await user().selectOptions(statusSelect(), 'Cancelled');
    expect(await screen.findByRole('alertdialog', { name: 'Cancel order NK-7K3Q9P?' })).toHaveAccessibleDescription(
      'The customer gets a message saying the order is cancelled.',
    );
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
    expect(lastWrite(calls)).toEqual({ key: 'PATCH updatePaymentStatusById/o1', body: { paymentStatus: 'Paid' }, authorization: 'Bearer tok-admin' });

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

  it('a pending Cash on Delivery order shows when it must be confirmed by; Mobile Money keeps "Pay by"', async () => {
    const { unmount } = await openOrder(makeOrder({ orderStatus: 'Pending', holdExpiresAt: '2026-11-24T09:15:00.000Z' }));
    expect(pairsIn('Payment')).toContainEqual(['Confirm by', '24 Nov 2026, 09:15']);
    expect(within(screen.getByRole('region', { name: 'Payment' })).queryByText('Pay by')).not.toBeInTheDocument();
    unmount();
    // The same order id again, with other data: as on a fresh page, not the cached answer.
    queryClient.clear();

    const momo = makeOrder({ orderStatus: 'Pending', holdExpiresAt: '2026-11-22T09:45:00.000Z' });
    momo.paymentMethod = { ...momo.paymentMethod, paymentMethod: 'Mobile Money' };
    await openOrder(momo);
    expect(pairsIn('Payment')).toContainEqual(['Pay by', '22 Nov 2026, 09:45']);
    expect(within(screen.getByRole('region', { name: 'Payment' })).queryByText('Confirm by')).not.toBeInTheDocument();
  });

  it.each([
    ['unconfirmed', 'Nobody confirmed it in time, so its items went back on sale.'],
    ['expired', 'Its Mobile Money payment did not come in time, so its items went back on sale.'],
    ['shopper', 'The shopper cancelled it.'],
    ['admin', 'The shop cancelled it.'],
  ] as const)('a cancelled order says why (%s) beside when', async (cancelReason, sentence) => {
    await openOrder(makeOrder({ orderStatus: 'Cancelled', cancelReason, cancelledAt: '2026-11-24T09:15:00.000Z' }));
    const statusRegion = within(screen.getByRole('region', { name: 'Order Status' }));
    expect(statusRegion.getByText('This order was cancelled on 24 Nov 2026, 09:15.')).toBeInTheDocument();
    expect(statusRegion.getByText(sentence)).toBeInTheDocument();
  });

  it("says 'Order Not Found' for a missing order and 'Failed to fetch order' when it cannot be loaded", async () => {
    mockApi({ 'GET getOrderById/gone': () => json({ message: 'Order Not Found' }, 404) });
    const { unmount } = await showOrder('gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toBeInTheDocument();
    unmount();

    vi.restoreAllMocks();
    mockApi({ 'GET getOrderById/o1': () => json({ message: 'Database unavailable' }, 503) });
    await showOrder('o1');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch order$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('admin order flags', () => {
  const cleared = openFlag({
    _id: 'f0',
    kind: 'test_payment',
    reason: 'Paid with a simulated Mobile Money payment.',
    createdAt: '2026-11-22T09:20:00.000Z',
    clearedAt: '2026-11-22T11:00:00.000Z',
    clearNote: 'Demo order, nothing to do.',
  });
  const flagged = () => makeOrder({ orderStatus: 'Cancelled', paymentStatus: 'Paid', cancelledAt: '2026-11-23T09:00:00.000Z', flags: [cleared, openFlag()] });
  const attention = () => within(screen.getByRole('region', { name: 'Needs attention' }));

  it('lists the open flags (what, why, since when) with Clear, and the cleared ones under them with when and the note', async () => {
    await openOrder(flagged());
    const open = within(attention().getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(open.map((li) => li.textContent)).toEqual(['⚠ Refund dueCancelled after it was paid: ₵108.90 to send back.Raised 23 Nov 2026, 10:00Clear']);
    expect(within(open[0]!).getByRole('button', { name: 'Clear flag: Refund due' })).toBeEnabled();

    const history = within(attention().getByRole('list', { name: 'Cleared' })).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      'Test paymentPaid with a simulated Mobile Money payment.Cleared 22 Nov 2026, 11:00Demo order, nothing to do.',
    ]);
    expect(within(history[0]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no section for an order never flagged', async () => {
    await openOrder(makeOrder());
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
  });

  it('Clear asks how it was settled, refuses an empty note, sends the note, and moves the flag to the history', async () => {
    const saved = deferred();
    const { calls } = await openOrder(flagged(), { 'POST clearOrderFlag/f1': () => saved.promise });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Clear flag: Refund due' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear flag: Refund due' }));
    const note = dialog.getByRole('textbox', { name: 'How was this settled?' });
    expect(note).toHaveFocus();

    await u.click(dialog.getByRole('button', { name: 'Clear flag' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Say how this was settled.');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    await u.type(note, '  Refunded ₵108.90 by MoMo, ref 4471.  ');
    await u.click(dialog.getByRole('button', { name: 'Clear flag' }));
    expect(lastWrite(calls)).toEqual({
      key: 'POST clearOrderFlag/f1',
      body: { note: 'Refunded ₵108.90 by MoMo, ref 4471.' },
      authorization: 'Bearer tok-admin',
    });
    expect(dialog.getByRole('button', { name: 'Clear flag' })).toBeDisabled();

    const done = flagged();
    done.flags[1] = { ...done.flags[1]!, clearedAt: '2026-11-24T08:30:00.000Z', clearNote: 'Refunded ₵108.90 by MoMo, ref 4471.' };
    saved.resolve(json({ message: 'Flag cleared', order: done }));
    expect(await screen.findByText('Flag cleared')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(attention().getByText('Nothing needs attention on this order now.')).toBeInTheDocument();
    expect(within(attention().getByRole('list', { name: 'Cleared' })).getAllByRole('listitem')[1]).toHaveTextContent(
      'Refund dueCancelled after it was paid: ₵108.90 to send back.Cleared 24 Nov 2026, 08:30Refunded ₵108.90 by MoMo, ref 4471.',
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Needs attention' })).toHaveFocus());
  });

  it('Cancel closes the dialog, sends nothing, and gives the focus back to Clear', async () => {
    const { calls } = await openOrder(flagged());
    const u = user();
    const clear = screen.getByRole('button', { name: 'Clear flag: Refund due' });
    await u.click(clear);
    const dialog = await screen.findByRole('dialog', { name: 'Clear flag: Refund due' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(clear).toHaveFocus());
    expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o1', 'GET outboxMessages']);
  });

  it('a flag cleared meanwhile (409): says so and reads the order again', async () => {
    let answer = flagged();
    const { calls } = await openOrder(answer, {
      'GET getOrderById/o1': () => json({ order: answer }),
      'POST clearOrderFlag/f1': () => json({ message: 'This flag was already cleared.' }, 409),
    });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Clear flag: Refund due' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear flag: Refund due' }));
    await u.type(dialog.getByRole('textbox', { name: 'How was this settled?' }), 'Refunded');
    answer = {
      ...answer,
      flags: answer.flags.map((f) => ({ ...f, clearedAt: f.clearedAt ?? '2026-11-24T08:00:00.000Z', clearNote: f.clearNote ?? 'By Ama' })),
    };
    await u.click(dialog.getByRole('button', { name: 'Clear flag' }));

    expect(await screen.findByText('This flag was already cleared.')).toBeInTheDocument();
    expect(screen.getByText('Failed to clear the flag')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET getOrderById/o1')).toHaveLength(2));
    expect(await attention().findByText('Nothing needs attention on this order now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear flag: Refund due' })).not.toBeInTheDocument();
  });
});

describe('admin order refunds and disputes', () => {
  const contact = { fullName: 'Akosua Mensah', email: 'akosua@example.com', phone: '0241234567', address: '14 Oxford Street, Osu', city: 'Accra' };
  const refund = (overrides: Partial<OrderRefund>): OrderRefund => ({
    _id: 'r1',
    amount: 20,
    status: 'processed',
    returnedToStock: false,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:05:00.000Z',
    ...overrides,
  });
  /** Paid ₵108.90 by Mobile Money; ₵20 refunded, ₵10 on its way, ₵5 failed: ₵78.90 left to refund. */
  const paidMomo = (overrides: Partial<AdminOrder> = {}) =>
    makeOrder({
      paymentStatus: 'Paid',
      paymentReference: 'NK-7K3Q9P-0a1b2c3d4e5f',
      paidAt: '2026-11-22T09:20:00.000Z',
      paymentMethod: { ...contact, paymentMethod: 'Mobile Money' },
      refunds: [
        refund({}),
        refund({ _id: 'r2', amount: 10, status: 'pending', returnedToStock: true, updatedAt: '2026-11-24T10:00:00.000Z' }),
        refund({ _id: 'r3', amount: 5, status: 'failed', updatedAt: '2026-11-24T11:00:00.000Z' }),
      ],
      disputes: [
        {
          _id: 'd1',
          amount: 108.9,
          status: 'resolved',
          resolution: 'Merchant accepted',
          createdAt: '2026-11-25T08:00:00.000Z',
          resolvedAt: '2026-11-26T12:00:00.000Z',
        },
      ],
      ...overrides,
    });
  const payment = () => within(screen.getByRole('region', { name: 'Payment' }));

  it('shows each refund and dispute beside the payment status: amount, state and time', async () => {
    await openOrder(paidMomo());
    const refunds = within(payment().getByRole('list', { name: 'Refunds' })).getAllByRole('listitem');
    expect(refunds.map((li) => li.textContent)).toEqual([
      '₵20.00Processed24 Nov 2026, 09:05',
      '₵10.00Pending24 Nov 2026, 10:00, items returned to stock',
      '₵5.00Failed24 Nov 2026, 11:00',
    ]);
    expect(within(refunds[0]!).getByText('Processed')).toHaveAttribute('data-tone', 'success');
    expect(within(refunds[2]!).getByText('Failed')).toHaveAttribute('data-tone', 'danger');
    const disputes = within(payment().getByRole('list', { name: 'Disputes' })).getAllByRole('listitem');
    expect(disputes.map((li) => li.textContent)).toEqual(['₵108.90Resolved26 Nov 2026, 12:00Merchant accepted']);
  });

  it('Refund asks for the amount (what is left) and the stock, then refunds, says so and shows the answered order', async () => {
    const saved = deferred();
    const { calls } = await openOrder(paidMomo(), { 'POST refundOrder/o1': () => saved.promise });
    const u = user();
    await u.click(payment().getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order NK-7K3Q9P' }));
    expect(dialog.getByText('Up to ₵78.90 can be refunded: what was paid, less refunds already made.')).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund (₵)' });
    expect(amount).toHaveValue('78.90');
    expect(amount).toHaveFocus();
    const stock = dialog.getByRole('checkbox', { name: 'Return the items to stock' });
    expect(stock).not.toBeChecked();

    await u.click(stock);
    await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(lastWrite(calls)).toEqual({ key: 'POST refundOrder/o1', body: { amount: 78.9, returnToStock: true }, authorization: 'Bearer tok-admin' });
    expect(dialog.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();

    const answered = paidMomo();
    answered.refunds = [
      ...answered.refunds,
      refund({ _id: 'r4', amount: 78.9, status: 'pending', returnedToStock: true, updatedAt: '2026-11-27T08:00:00.000Z' }),
    ];
    saved.resolve(json({ message: 'Refund started', order: answered }));
    expect(await screen.findByText('Refund started')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(payment().getByRole('list', { name: 'Refunds' }))
        .getAllByRole('listitem')
        .at(-1),
    ).toHaveTextContent('₵78.90Pending27 Nov 2026, 08:00, items returned to stock');
    // Nothing is left to refund.
    expect(payment().queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus());
  });

  it('a partial refund: the amount typed, the items kept', async () => {
    const { calls } = await openOrder(paidMomo({ refunds: [] }), {
      'POST refundOrder/o1': () => json({ message: 'Refund started', order: paidMomo({ refunds: [refund({ amount: 50, status: 'pending' })] }) }),
    });
    const u = user();
    await u.click(payment().getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order NK-7K3Q9P' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund (₵)' });
    expect(amount).toHaveValue('108.90');
    await u.clear(amount);
    await u.type(amount, '50');
    await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund started')).toBeInTheDocument();
    expect(lastWrite(calls)?.body).toEqual({ amount: 50, returnToStock: false });
    // ₵58.90 is still left: Refund stays.
    expect(payment().getByRole('button', { name: 'Refund' })).toBeEnabled();
  });

  it('refuses an amount that is not one, or more than is left, before asking the server', async () => {
    const { calls } = await openOrder(paidMomo());
    const u = user();
    await u.click(payment().getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order NK-7K3Q9P' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund (₵)' });

    for (const typed of ['0', 'abc', '1.234']) {
      await u.clear(amount);
      await u.type(amount, typed);
      await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Enter a refund amount in cedis, more than 0, with at most two decimals.');
    }
    await u.clear(amount);
    await u.type(amount, '78.91');
    await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('At most ₵78.90 can still be refunded on this order.');
    expect(amount).toHaveAccessibleDescription('At most ₵78.90 can still be refunded on this order.');
    expect(amount).toHaveFocus();
    expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o1', 'GET outboxMessages']);
  });

  it("keeps the dialog open with the server's text when the refund is refused (409) or cannot be started (502)", async () => {
    let refusal = json({ message: 'At most ₵60.00 can still be refunded on this order.' }, 409);
    await openOrder(paidMomo(), { 'POST refundOrder/o1': () => refusal });
    const u = user();
    await u.click(payment().getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order NK-7K3Q9P' }));
    await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('At most ₵60.00 can still be refunded on this order.');
    expect(dialog.getByRole('button', { name: 'Confirm refund' })).toBeEnabled();

    refusal = json({ message: 'The refund could not be started. Please try again.' }, 502);
    await u.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('The refund could not be started. Please try again.'));
    expect(screen.getByRole('dialog', { name: 'Refund order NK-7K3Q9P' })).toBeInTheDocument();
  });

  it('says Refunded (or Partly refunded) where the payment status said Paid, in the header and the Payment panel', async () => {
    const { unmount } = await openOrder(paidMomo({ refunds: [refund({ amount: 108.9 })], refundState: 'refunded' }));
    expect(headerBadges().map((badge) => badge.textContent)).toEqual(['Processing']);
    expect(within(screen.getByRole('banner')).getByText('Refunded')).toHaveAttribute('data-tone', 'neutral');
    expect(pairsIn('Payment')[0]).toEqual(['Payment status', 'Refunded']);
    unmount();
    queryClient.clear();
    await openOrder(paidMomo({ refundState: 'partly' }));
    expect(pairsIn('Payment')[0]).toEqual(['Payment status', 'Partly refunded']);
  });

  it('offers Refund only on a paid Mobile Money order with money left to send back', async () => {
    const fullyRefunded = paidMomo({ refunds: [refund({ amount: 108.9 })] });
    const unpaid = paidMomo({ paymentStatus: 'Pending', paidAt: null, refunds: [], disputes: [] });
    const cash = makeOrder({ paymentStatus: 'Paid', paidAt: '2026-11-22T09:20:00.000Z' });
    for (const order of [fullyRefunded, unpaid, cash]) {
      const { unmount } = await openOrder(order);
      expect(payment().queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
      unmount();
      // The same order id again, with other data: as on a fresh page, not the cached answer.
      queryClient.clear();
      vi.restoreAllMocks();
    }
    // A cancelled order that was paid (refund due) can be refunded.
    await openOrder(paidMomo({ orderStatus: 'Cancelled', cancelledAt: '2026-11-23T09:00:00.000Z' }));
    expect(payment().getByRole('button', { name: 'Refund' })).toBeEnabled();
  });
});

describe('admin order messages', () => {
  const messagesPanel = () => within(screen.getByRole('region', { name: 'Messages' }));
  const shipped = makeOutboxMessage({ _id: 'msg2', kind: 'order_shipped', status: 'queued', createdAt: '2026-11-23T10:00:00.000Z', sentAt: null });
  const failedAlert = makeOutboxMessage({
    _id: 'msg3',
    kind: 'owner_new_order',
    audience: 'owner',
    channel: 'email',
    recipient: 'owner@nkutonaturals.com.gh',
    subject: 'New order NK-7K3Q9P',
    status: 'failed',
    lastError: 'SMTP timeout',
    sentAt: null,
  });

  it("lists the order's messages with their states, asked for by the order's id", async () => {
    const asked: string[] = [];
    await openOrder(makeOrder(), {
      'GET outboxMessages': (_body, request) => {
        asked.push(new URL(request.url).search);
        return json({ messages: [failedAlert, makeOutboxMessage()], total: 2, page: 1, limit: 100 });
      },
    });
    const table = await waitFor(() => messagesPanel().getByRole('table', { name: 'Messages' }));
    expect(asked).toEqual(['?orderId=o1&page=1&limit=100']);
    expect(textsOf(table, 'columnheader')).toEqual(['When', 'To', 'Channel', 'What', 'State', 'Actions']);
    const [, alert, sms] = within(table).getAllByRole('row');
    expect(alert).toHaveTextContent(/owner@nkutonaturals\.com\.ghOwner/);
    expect(within(alert!).getByText('Failed')).toHaveAttribute('data-tone', 'danger');
    expect(within(alert!).getByText('SMTP timeout')).toBeInTheDocument();
    expect(within(sms!).getByText('Sent')).toHaveAttribute('data-tone', 'success');
    // The order is this one: no link to it.
    expect(within(table).queryByRole('link', { name: 'NK-7K3Q9P' })).not.toBeInTheDocument();
    expect(messagesPanel().getAllByRole('button', { name: /^Resend/ })).toHaveLength(2);
  });

  it('says when the order has no messages yet', async () => {
    await openOrder(makeOrder());
    expect(await messagesPanel().findByText('No messages for this order yet.')).toBeInTheDocument();
    expect(messagesPanel().queryByRole('table')).not.toBeInTheDocument();
  });

  it('resends from the panel: the toast says so and the row shows it queued', async () => {
    // The server's list shows it queued once resent (the panel reads it again after the resend).
    let message = failedAlert;
    const { calls } = await openOrder(makeOrder(), {
      'GET outboxMessages': () => json({ messages: [message], total: 1, page: 1, limit: 100 }),
      'POST outboxMessages/msg3/resend': () => {
        message = { ...failedAlert, status: 'queued', lastError: null };
        return json({ message: 'Message queued to be sent again', data: message });
      },
    });
    await user().click(await messagesPanel().findByRole('button', { name: 'Resend Owner: new order to owner@nkutonaturals.com.gh' }));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    expect(messagesPanel().getByText('Queued')).toBeInTheDocument();
    expect(messagesPanel().queryByText('SMTP timeout')).not.toBeInTheDocument();
    expect(messagesPanel().queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
      { key: 'POST outboxMessages/msg3/resend', body: undefined, authorization: 'Bearer tok-admin' },
    ]);
  });

  it("reads the messages again after a status change (it queues the shopper's message)", async () => {
    let messages = [makeOutboxMessage()];
    const { calls } = await openOrder(makeOrder(), {
      'GET outboxMessages': () => json({ messages, total: messages.length, page: 1, limit: 100 }),
      'PATCH updateOrderStatusById/o1': () => {
        messages = [shipped, ...messages];
        return json({ message: 'Order status updated to Shipped', order: makeOrder({ orderStatus: 'Shipped' }) });
      },
    });
    await messagesPanel().findByText('Sent');
    await user().selectOptions(statusSelect(), 'Shipped');
    expect(await messagesPanel().findByText('Order shipped')).toBeInTheDocument();
    expect(messagesPanel().getByText('Queued')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET outboxMessages')).toHaveLength(2);
  });
});

describe('printing the order as a packing slip and receipt', () => {
  it('has a print header with the shop and the order, and Print opens the print dialog', async () => {
    givenShopSettings({ ...SHOP_SETTINGS, logo: '/uploads/logo-256.webp', whatsapp: '' });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await openOrder(makeOrder({ region: 'Ashanti', gpsAddress: 'AK-039-5028', landmark: 'Opposite the Methodist church' }));

    const header = screen.getByTestId('print-header');
    expect(header).toHaveAttribute('aria-hidden', 'true');
    expect(header.querySelector('img')).toHaveAttribute('src', '/uploads/logo-256.webp');
    expect([...header.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Nkuto Naturals',
      '14 Oxford Street, Osu, Accra, Ghana',
      'Phone: +233 24 123 4567',
      'Email: hello@nkutonaturals.com.gh',
      'Packing slip and receipt',
    ]);
    expect([...header.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Order number', 'NK-7K3Q9P'],
      ['Placed', '22 Nov 2026, 09:15'],
      ['Order status', 'Processing'],
      ['Payment', 'Pending (Cash on Delivery)'],
    ]);
    const customer = pairsIn('Customer Information');
    expect(customer).toContainEqual(['GPS address', 'AK-039-5028, find on map ↗']);
    expect(customer).toContainEqual(['Landmark', 'Opposite the Methodist church']);

    await user().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});
