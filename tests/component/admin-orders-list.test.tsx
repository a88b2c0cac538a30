import { createRoute } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminOrdersPage } from '@/client/features/admin/orders/components/admin-orders-page';
import { adminOrdersSearch } from '@/client/features/admin/orders/orders-search';
import type { AdminOrder, OrderFlag } from '@/shared/types';
import { deferred, json, mockApi, mockQueriedApi } from './api-mock';
import { fakeTimersAndFreshStores, makeAdminOrder, signedInAs, textsOf } from './fixtures';
import { renderRoutes } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

let serial = 0;
/** Another of Akosua's orders (o1, o2, …), without lines: the list shows none. */
function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  serial += 1;
  return makeAdminOrder({ _id: `o${serial}`, orderNumber: `NK-${String(serial).padStart(6, '0')}`, items: [], ...overrides });
}

/** The page at /admin/orders with the route's own validateSearch, opened at `url` (see renderRoutes). */
async function openAt(url: string, ui: ReactNode = <AdminOrdersPage />) {
  const { router } = await renderRoutes(
    (root) => [createRoute({ getParentRoute: () => root, path: '/admin/orders', validateSearch: adminOrdersSearch, component: () => <>{ui}</> })],
    { url },
  );
  return router;
}

const ordersApi = (answer: (query: URLSearchParams) => Response | Promise<Response>) => mockQueriedApi('GET getAllOrders', answer);

const page = (orders: AdminOrder[], total = orders.length, pageNumber = 1) => json({ orders, total, page: pageNumber, limit: 10 });

const rowOf = (orderNumber: string) => screen.getByRole('cell', { name: orderNumber }).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

fakeTimersAndFreshStores();

signedInAs(admin);

beforeEach(() => {
  serial = 0;
});

describe('admin orders list', () => {
  it('loads page 1 of 10 orders with the bearer token, then shows each order (phone, e-mail, city, day and time; (Guest)), the attention flag and its View link', async () => {
    const answer = deferred();
    const { queries, calls } = ordersApi(() => answer.promise);
    await openAt('/admin/orders');

    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Orders - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders…');

    answer.resolve(
      page(
        [
          makeOrder({ total: 1234.5, orderStatus: 'Delivered', paymentStatus: 'Paid' }),
          makeOrder({
            user: null,
            fullName: 'Kofi Boateng',
            email: 'kofi@example.com',
            phone: '0201112233',
            city: 'Kumasi',
            createdAt: '2026-10-03T23:30:00.000Z',
            total: 45,
            orderStatus: 'Cancelled',
            paymentStatus: 'Paid',
            flags: [
              {
                _id: 'f1',
                kind: 'refund_due',
                reason: 'Cancelled after it was paid.',
                createdAt: '2026-10-04T08:00:00.000Z',
                clearedAt: null,
                clearNote: null,
              },
            ],
          }),
        ],
        2,
      ),
    );

    const customerRow = await waitFor(() => rowOf('NK-000001'));
    expect(screen.getByRole('status')).toHaveTextContent('2 orders');
    expect(queries).toEqual(['page=1&limit=10']);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');

    expect(cellsOf(customerRow)).toEqual([
      'NK-000001',
      'Akosua Mensah0241234567akosua@example.comAccra',
      '22 Nov 202609:15',
      '₵1,234.50',
      'Paid',
      'Delivered',
      'View',
    ]);
    // The e-mail may wrap before its '@' or after a dot, never inside a word.
    expect(within(customerRow).getByText((_, element) => element?.textContent === 'akosua@example.com' && element.tagName === 'SPAN').innerHTML).toBe(
      'akosua<wbr>@example.<wbr>com',
    );
    expect(within(customerRow).getByText('Delivered')).toHaveAttribute('data-tone', 'success');
    expect(within(customerRow).queryByText(/⚠/)).not.toBeInTheDocument();

    const guestRow = rowOf('NK-000002');
    // 23:30 UTC is still 3 Oct in Accra.
    expect(cellsOf(guestRow)).toEqual([
      'NK-000002',
      'Kofi Boateng (Guest)0201112233kofi@example.comKumasi',
      '3 Oct 202623:30',
      '₵45.00',
      'Paid',
      'Cancelled⚠ Refund due',
      'View',
    ]);
    expect(within(guestRow).getByText('Cancelled')).toHaveAttribute('data-tone', 'danger');
    expect(within(guestRow).getByText('⚠ Refund due')).toBeVisible();

    expect(screen.getByRole('link', { name: 'View order NK-000002' })).toHaveAttribute('href', '/admin/orders/o2');
    // One page holds them all: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).not.toBeInTheDocument();
  });

  it('searches 300 ms after typing stops, from page 1, and keeps the search in the address', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = ordersApi((query) => page([makeOrder()], 25, Number(query.get('page'))));
    const router = await openAt('/admin/orders?page=2');
    await screen.findByText('Page 2 of 3');
    expect(queries).toEqual(['page=2&limit=10']);

    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.type(box, 'NK-7K');
    await act(() => vi.advanceTimersByTimeAsync(250));
    // Still typing: nothing asked yet.
    expect(queries).toEqual(['page=2&limit=10']);

    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(queries).toEqual(['page=2&limit=10', 'q=NK-7K&page=1&limit=10']));
    expect(router.state.location.search).toEqual({ q: 'NK-7K' });
    expect(box).toHaveValue('NK-7K');

    // Emptying the box lists every order again.
    await user.clear(box);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&limit=10'));
    expect(router.state.location.search).toEqual({});
  });

  it('filters by status, sends only what is chosen, and reopens (a reload) with the search and filter of the address', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = ordersApi(() => page([makeOrder({ orderStatus: 'Shipped' })], 1));
    const router = await openAt('/admin/orders?q=kwame&status=Shipped&page=3');

    await waitFor(() => expect(queries).toEqual(['q=kwame&status=Shipped&page=3&limit=10']));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('kwame');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('Shipped');
    expect(textsOf(status, 'option')).toEqual(['All', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);

    await user.selectOptions(status, 'Delivered');
    await waitFor(() => expect(queries.at(-1)).toBe('q=kwame&status=Delivered&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ q: 'kwame', status: 'Delivered' });

    await user.selectOptions(status, 'All');
    await waitFor(() => expect(queries.at(-1)).toBe('q=kwame&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ q: 'kwame' });
  });

  it('says Refunded or Partly refunded where the payment would say Paid, and filters by the payment in those words', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = ordersApi(() =>
      page([
        makeOrder({ paymentStatus: 'Paid', refundState: 'refunded' }),
        makeOrder({ paymentStatus: 'Paid', refundState: 'partly' }),
        makeOrder({ paymentStatus: 'Paid' }),
      ]),
    );
    const router = await openAt('/admin/orders?payment=refunded');
    await waitFor(() => expect(queries).toEqual(['refundState=refunded&page=1&limit=10']));
    await waitFor(() => expect(cellsOf(rowOf('NK-000001'))[4]).toBe('Refunded'));
    expect(cellsOf(rowOf('NK-000002'))[4]).toBe('Partly refunded');
    expect(cellsOf(rowOf('NK-000003'))[4]).toBe('Paid');
    expect(within(rowOf('NK-000001')).getByText('Refunded')).toHaveAttribute('data-tone', 'neutral');

    const payment = screen.getByRole('combobox', { name: 'Payment' });
    expect(payment).toHaveValue('refunded');
    expect(textsOf(payment, 'option')).toEqual(['All', 'Pending', 'Paid', 'Partly refunded', 'Refunded']);
    await user.selectOptions(payment, 'Paid');
    // Paid: paid, with nothing sent back.
    await waitFor(() => expect(queries.at(-1)).toBe('paymentStatus=Paid&refundState=none&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ payment: 'Paid' });
    await user.selectOptions(payment, 'Partly refunded');
    await waitFor(() => expect(queries.at(-1)).toBe('refundState=partly&page=1&limit=10'));
    await user.selectOptions(payment, 'Pending');
    await waitFor(() => expect(queries.at(-1)).toBe('paymentStatus=Pending&page=1&limit=10'));
  });

  it('filters by "Needs attention" (any open flag, or one kind), kept in the address like the status', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = ordersApi(() => page([makeOrder()], 1));
    const router = await openAt('/admin/orders?status=Cancelled&flag=refund_due&page=2');

    await waitFor(() => expect(queries).toEqual(['status=Cancelled&flag=refund_due&page=2&limit=10']));
    const flag = screen.getByRole('combobox', { name: 'Needs attention' });
    expect(flag).toHaveValue('refund_due');
    expect(
      within(flag)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'All orders'],
      ['any', 'Any flag'],
      ['refund_due', 'Refund due'],
      ['paid_after_expiry', 'Paid after expiry: refund or fulfil'],
      ['paid_after_cancellation', 'Paid after cancellation'],
      ['amount_mismatch', 'Amount mismatch'],
      ['paid_twice', 'Paid twice'],
      ['refund_failed', 'Refund failed'],
      ['dispute_opened', 'Dispute opened'],
      ['test_payment', 'Test payment'],
      ['paid_without_stock', 'Paid, items not put aside: fulfil or refund'],
    ]);

    await user.selectOptions(flag, 'any');
    await waitFor(() => expect(queries.at(-1)).toBe('status=Cancelled&flag=any&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ status: 'Cancelled', flag: 'any' });

    await user.selectOptions(flag, 'All orders');
    await waitFor(() => expect(queries.at(-1)).toBe('status=Cancelled&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ status: 'Cancelled' });

    // Back: the filter of the address before.
    act(() => router.history.back());
    await waitFor(() => expect(flag).toHaveValue('any'));
    // That filter's list again, from the cache: not asked again.
    expect(queries.filter((query) => query === 'status=Cancelled&flag=any&page=1&limit=10')).toHaveLength(1);
    expect(queries.at(-1)).toBe('status=Cancelled&page=1&limit=10');
  });

  it('marks an order with open flags: the first one, and how many more; cleared flags say nothing', async () => {
    const flag = (kind: OrderFlag['kind'], clearedAt: string | null = null): OrderFlag => ({
      _id: `f-${kind}`,
      kind,
      reason: 'Why',
      createdAt: '2026-11-22T10:00:00.000Z',
      clearedAt,
      clearNote: clearedAt ? 'Done' : null,
    });
    ordersApi(() =>
      page([
        makeOrder({ flags: [flag('test_payment', '2026-11-22T11:00:00.000Z'), flag('paid_twice'), flag('amount_mismatch')] }),
        makeOrder({ flags: [flag('refund_due', '2026-11-22T11:00:00.000Z')] }),
      ]),
    );
    await openAt('/admin/orders');
    const flagged = await waitFor(() => rowOf('NK-000001'));
    expect(within(flagged).getByText('⚠ Paid twice (+1 more)')).toBeVisible();
    expect(within(rowOf('NK-000002')).queryByText(/⚠/)).not.toBeInTheDocument();
  });

  it('ignores an unknown status or page in the address', async () => {
    const { queries } = ordersApi(() => page([]));
    await openAt('/admin/orders?status=Lost&flag=lost&page=0');
    await waitFor(() => expect(queries).toEqual(['page=1&limit=10']));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Needs attention' })).toHaveValue('');
  });

  it('pages 10 at a time with Previous and Next, keeping the rows until the next page lands, and Back returns to the page before', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const held = deferred();
    const { queries } = ordersApi((query) => {
      const n = Number(query.get('page'));
      const orders = Array.from({ length: n === 3 ? 5 : 10 }, () => makeOrder());
      return n === 2 ? held.promise.then(() => page(orders, 25, 2)) : page(orders, 25, n);
    });
    const router = await openAt('/admin/orders?status=Pending');

    const pages = await screen.findByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /^View order/ })).toHaveLength(10);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toBe('status=Pending&page=2&limit=10'));
    // While page 2 loads, page 1's rows stay (marked busy) and the Next button keeps the focus.
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('link', { name: /^View order/ })).toHaveLength(10);
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(router.state.location.search).toEqual({ status: 'Pending', page: 2 });

    held.resolve(json({}));
    await waitFor(() => expect(screen.getByRole('link', { name: 'View order NK-000011' })).toBeInTheDocument());
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /^View order/ })).toHaveLength(5);

    act(() => router.history.back());
    await screen.findByText('Page 2 of 3');
    // Page 2 again, from the cache: its rows at once, not asked again.
    expect(screen.getByRole('link', { name: 'View order NK-000011' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View order/ })).toHaveLength(10);
    expect(queries.filter((query) => query === 'status=Pending&page=2&limit=10')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
  });

  it("says 'No orders found' when nothing matches", async () => {
    ordersApi(() => page([], 0));
    await openAt('/admin/orders?q=nobody');
    expect(await screen.findByRole('cell', { name: 'No orders found' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 orders');
  });

  it("says 'Failed to fetch orders' when the list cannot be loaded, and Try again loads it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let fail = true;
    ordersApi(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : page([makeOrder()])));
    await openAt('/admin/orders');

    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Failed to fetch orders');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'View order NK-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("Export CSV downloads the orders the search and filters select, with the token, under the server's file name", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const asked: { search: string; authorization: string | null }[] = [];
    mockApi({
      'GET getAllOrders': () => page([makeOrder()]),
      'GET exportOrders.csv': (_body, request) => {
        asked.push({ search: new URL(request.url).search, authorization: request.headers.get('authorization') });
        return new Response('\uFEFFOrder number\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-2026-11-22.csv"' },
        });
      },
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    try {
      await openAt('/admin/orders?q=kwame&status=Shipped&payment=partly&flag=any&page=3');
      await screen.findByRole('link', { name: 'View order NK-000001' });
      const button = screen.getByRole('button', { name: 'Export CSV' });
      await user.click(button);
      await waitFor(() => expect(saved).toEqual(['orders-2026-11-22.csv blob:orders']));
      expect(asked).toEqual([{ search: '?q=kwame&status=Shipped&refundState=partly&flag=any', authorization: 'Bearer tok-admin' }]);
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    } finally {
      click.mockRestore();
    }
  });
});
