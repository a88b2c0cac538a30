import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/client/features/admin/dashboard/components/dashboard-page';
import { salesSummary } from '@/client/features/admin/dashboard/lib/sales-summary';
import type { DashboardStats, SalesDay, SetupGuide } from '@/shared/admin-types';
import { SETUP_STEP_IDS } from '@/shared/admin-types';
import type { AdminOrder } from '@/shared/types';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeAdminOrder, makeProduct, signedInAs, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

/** Akosua's order as the dashboard lists it (ids are UUIDs there), without lines. */
function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return makeAdminOrder({ _id: '7f3c2a9e-51d4-4c1b-9a0e-3b8f2d6c4e1a', items: [], ...overrides });
}

/** 30 days ending on 22 Nov 2026, with sales on three of them. */
function thirtyDays(sales: Record<string, number> = {}): SalesDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10);
    return { date, total: sales[date] ?? 0 };
  });
}

const STATS: DashboardStats = {
  totalSales: 12345.6,
  totalOrders: 1284,
  totalCustomers: 42,
  guestBuyers: 7,
  needsAttention: 0,
  salesByDay: thirtyDays({ '2026-10-30': 100.1, '2026-11-12': 850.25, '2026-11-22': 200.2 }),
  recentOrders: [
    makeOrder({ orderNumber: 'NK-4E1A7Q', orderStatus: 'Delivered', paymentStatus: 'Paid', total: 1234.5 }),
    makeOrder({
      _id: 'c0ffee00-0000-4000-8000-00000a1b2c3d',
      orderNumber: 'NK-B2C3D9',
      user: null,
      fullName: 'Yaw Boateng',
      createdAt: '2026-11-21T23:30:00.000Z',
      total: 45,
      orderStatus: 'Cancelled',
    }),
  ],
  lowStock: [makeProduct({ _id: 'p-soap', name: 'African Black Soap', stock: 0 }), makeProduct({ _id: 'p-shea', name: 'Raw Shea Butter', stock: 5 })],
  // Seen at 10:00 on 22 Nov 2026 (NOW): 23 h left, overdue by an hour, 45 min left.
  awaitingConfirmation: [
    {
      _id: 'o-later',
      orderNumber: 'NK-LATER1',
      fullName: 'Ama Owusu',
      total: 1234.5,
      confirmBy: '2026-11-23T09:00:00.000Z',
      verification: 'verified',
      stockHeld: true,
    },
    {
      _id: 'o-late',
      orderNumber: 'NK-LATE22',
      fullName: 'Yaw Boateng',
      total: 45,
      confirmBy: '2026-11-22T09:00:00.000Z',
      verification: 'verified',
      stockHeld: true,
    },
    {
      _id: 'o-soon',
      orderNumber: 'NK-SOON33',
      fullName: 'Kwame Asante',
      total: 60.2,
      confirmBy: '2026-11-22T10:45:00.000Z',
      verification: 'verified',
      stockHeld: true,
    },
  ],
  unverifiedOrders: 0,
};

/** The dashboard's clock in the tests that read the time left. */
const NOW = new Date('2026-11-22T10:00:00.000Z');

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

/** A live shop with every setup step done: the dashboard shows no setup guide (tests/component/admin-setup-guide.test.tsx has it). */
const LIVE_GUIDE: SetupGuide = {
  demoShop: false,
  steps: SETUP_STEP_IDS.map((id) => ({ id, done: true, missing: [], ownerTicks: id === 'policies' })),
  canGoLive: false,
  goLiveBlockedBy: null,
  demoData: { products: 0, customers: 0, orders: 0, promoCodes: 0, deliveryOptions: 0 },
};
const guide = () => json({ data: LIVE_GUIDE });
/** The speed card's call (tests/component/admin-shopper-speed.test.tsx has the card): no visits measured. */
const noVisits = () => json({ days: 28, pages: [] });

/** The dashboard at /admin. */
const openDashboard = () => renderWithRouter(<DashboardPage />, { path: '/admin' });

fakeTimersAndFreshStores();

signedInAs(ADMIN);

describe('dashboard', () => {
  it('shows placeholders, then the figures in ₵ from GET /getDashboardStats with the admin token', async () => {
    const answer = deferred();
    const calls = mockApi({ 'GET getDashboardStats': () => answer.promise, 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits });
    await openDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard');

    answer.resolve(json(STATS));
    expect(await screen.findByText('Total Sales')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(figure('Total Sales')).toHaveTextContent(/^₵12,345\.60$/);
    // Money received: what the figure counts is said under it.
    expect(figure('Total Sales')?.nextElementSibling).toHaveTextContent(/^Paid orders less refunds$/);
    expect(figure('Total Orders')).toHaveTextContent(/^1,284$/);
    expect(figure('Total Customers')).toHaveTextContent(/^42$/);
    // The spec's count is accounts; the buyers without one are said beside it.
    expect(figure('Total Customers')?.nextElementSibling).toHaveTextContent(/^\+ 7 guest buyers$/);
    expect(calls.filter((c) => c.key !== 'GET setupGuide' && c.key !== 'GET getShopperSpeed')).toEqual([
      { key: 'GET getDashboardStats', body: undefined, authorization: 'Bearer tok-admin' },
    ]);
  });

  it('lists the recent orders: the order number the customer was given (not an id tail), the customer or "(Guest)", date, ₵ total, status; each opens its order', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json(STATS) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openDashboard();

    const orders = await screen.findByRole('table', { name: 'Recent Orders' });
    expect(textsOf(orders, 'columnheader')).toEqual(['Order', 'Customer', 'Date', 'Total', 'Status']);
    const rows = within(orders).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent))).toEqual([
      ['NK-4E1A7Q', 'Akosua Mensah', '22 Nov 2026', '₵1,234.50', 'Delivered'],
      ['NK-B2C3D9', 'Yaw Boateng (Guest)', '21 Nov 2026', '₵45.00', 'Cancelled'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'NK-4E1A7Q' })).toHaveAttribute('href', '/admin/orders/7f3c2a9e-51d4-4c1b-9a0e-3b8f2d6c4e1a');
    expect(within(rows[1]!).getByText('Cancelled')).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/admin/orders');

    await user.click(within(rows[1]!).getByRole('link', { name: 'NK-B2C3D9' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/admin\/orders\/c0ffee00-0000-4000-8000-00000a1b2c3d$/);
  });

  it('counts the orders with an open payment flag under Total Orders, and opens them filtered', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json({ ...STATS, needsAttention: 3 }) });
    await openDashboard();
    const badge = await screen.findByRole('link', { name: '⚠ 3 need attention' });
    expect(badge).toHaveAttribute('href', '/admin/orders?flag=any');
    expect(figure('Total Orders')?.nextElementSibling).toContainElement(badge);
  });

  it('shows no attention badge when no order has an open flag', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json(STATS) });
    await openDashboard();
    expect(await screen.findByText('Total Orders')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /need(s)? attention/ })).not.toBeInTheDocument();
  });

  it('lists the low stock products with Update Stock, and links to all of them', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json(STATS) });
    await openDashboard();

    const lowStock = await screen.findByRole('table', { name: 'Low Stock Alerts' });
    const rows = within(lowStock).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, within(row).getAllByRole('cell')[0]?.textContent])).toEqual([
      ['African Black Soap', '0'],
      ['Raw Shea Butter', '5'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Update Stock' })).toHaveAttribute('href', '/admin/products/edit/p-soap');
    expect(within(rows[1]!).getByRole('link', { name: 'Update Stock' })).toHaveAttribute('href', '/admin/products/edit/p-shea');
    expect(screen.getByRole('link', { name: 'View all low stock products' })).toHaveAttribute('href', '/admin/products/low-stock');
  });

  it('draws 30 days of sales, summed up in words for screen readers', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json(STATS) });
    await openDashboard();

    const chart = await screen.findByRole('img', { name: 'Sales over the last 30 days: ₵1,150.55 in total, highest ₵850.25 on 12 Nov' });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    // The best day is the tallest bar; days without sales have none.
    const heights = Array.from(bars, (bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[19]);
    expect(heights.filter((h) => h > 0)).toHaveLength(3);

    const table = screen.getByRole('table', { name: 'Sales by day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('24 Oct₵0.00');
    expect(rows[19]).toHaveTextContent('12 Nov₵850.25');
    expect(rows[29]).toHaveTextContent('22 Nov₵200.20');
  });

  it('adds the days up in pesewas', () => {
    expect(
      salesSummary([
        { date: '2026-11-01', total: 0.1 },
        { date: '2026-11-02', total: 0.2 },
      ]).text,
    ).toBe('Sales over the last 2 days: ₵0.30 in total, highest ₵0.20 on 2 Nov');
  });

  it('says so when there are no orders, no sales and nothing running low', async () => {
    mockApi({
      'GET setupGuide': guide,
      'GET getShopperSpeed': noVisits,
      'GET getDashboardStats': () =>
        json({ ...STATS, totalSales: 0, totalOrders: 0, totalCustomers: 0, salesByDay: thirtyDays(), recentOrders: [], lowStock: [] }),
    });
    await openDashboard();

    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('All products are well stocked')).toBeInTheDocument();
    expect(figure('Total Sales')).toHaveTextContent(/^₵0\.00$/);
    expect(screen.getByRole('img', { name: 'Sales over the last 30 days: ₵0.00 in total, no sales yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent Orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all orders' })).toBeInTheDocument();
  });

  it('lists the Cash on Delivery orders waiting for confirmation, the most urgent first, with the time left; each opens its order', async () => {
    vi.setSystemTime(NOW);
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json(STATS) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openDashboard();

    const waiting = await screen.findByRole('table', { name: 'Waiting for confirmation' });
    expect(waiting).toHaveAccessibleDescription(/move each to Processing once confirmed/);
    expect(textsOf(waiting, 'columnheader')).toEqual(['Order', 'Customer', 'Total', 'Confirm by', 'Time left']);
    const cells = () =>
      within(waiting)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
    expect(cells()).toEqual([
      ['NK-LATE22', 'Yaw Boateng', '₵45.00', '22 Nov 2026, 09:00', 'overdue'],
      ['NK-SOON33', 'Kwame Asante', '₵60.20', '22 Nov 2026, 10:45', '45 min left'],
      ['NK-LATER1', 'Ama Owusu', '₵1,234.50', '23 Nov 2026, 09:00', '23 h left'],
    ]);
    // Red when overdue or under an hour; the words say it too.
    expect(within(waiting).getByText('overdue')).toHaveAttribute('data-tone', 'danger');
    expect(within(waiting).getByText('45 min left')).toHaveAttribute('data-tone', 'danger');
    expect(within(waiting).getByText('23 h left')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByRole('link', { name: 'View pending orders' })).toHaveAttribute('href', '/admin/orders?status=Pending');

    // The time left keeps counting while the dashboard stays open.
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(cells().map((row) => row[4])).toEqual(['overdue', '15 min left', '22 h left']);
    await act(() => vi.advanceTimersByTimeAsync(15 * 60_000));
    expect(cells().map((row) => row[4])).toEqual(['overdue', 'overdue', '22 h left']);

    const link = within(waiting).getByRole('link', { name: 'NK-SOON33' });
    expect(link).toHaveAttribute('href', '/admin/orders/o-soon');
    await user.click(link);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/admin\/orders\/o-soon$/);
  });

  it('says so when no order waits for confirmation', async () => {
    mockApi({ 'GET setupGuide': guide, 'GET getShopperSpeed': noVisits, 'GET getDashboardStats': () => json({ ...STATS, awaitingConfirmation: [] }) });
    await openDashboard();
    const section = await screen.findByRole('region', { name: 'Waiting for confirmation' });
    expect(within(section).getByText('No orders waiting for confirmation.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Waiting for confirmation' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load dashboard data' on failure, and Try again loads it", async () => {
    let fail = true;
    mockApi({
      'GET getDashboardStats': () => (fail ? json({ message: 'Something went wrong.' }, 500) : json(STATS)),
      'GET setupGuide': guide,
      'GET getShopperSpeed': noVisits,
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openDashboard();

    // ky tries a failed GET once more before giving up.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load dashboard data$/);
    expect(screen.queryByText('Total Sales')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total Sales')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
