import { createRoute } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminCustomersPage } from '@/client/features/admin/customers/components/admin-customers-page';
import { adminCustomersSearch } from '@/client/features/admin/customers/customers-search';
import type { AdminCustomer, AdminGuestBuyer, CustomerListItem } from '@/shared/admin-types';
import { deferred, json, mockApi, mockQueriedApi } from './api-mock';
import { fakeTimersAndFreshStores, makeAdminCustomer, signedInAs, textsOf } from './fixtures';
import { renderRoutes } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

let serial = 0;
function makeCustomer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  serial += 1;
  return makeAdminCustomer({ _id: `u${serial}`, fullName: `Customer ${serial}`, email: `customer${serial}@example.com`, ...overrides });
}

/** The page at /admin/customers with the route's own validateSearch, opened at `url` (see renderRoutes). */
async function openAt(url: string) {
  const { router } = await renderRoutes(
    (root) => [createRoute({ getParentRoute: () => root, path: '/admin/customers', validateSearch: adminCustomersSearch, component: AdminCustomersPage })],
    { url },
  );
  return router;
}

const usersApi = (answer: (query: URLSearchParams) => Response | Promise<Response>) => mockQueriedApi('GET getAllUsers', answer);

const page = (users: CustomerListItem[], total = users.length, n = 1) => json({ users, total, page: n, limit: 10 });

fakeTimersAndFreshStores();

signedInAs(admin);

beforeEach(() => {
  serial = 0;
});

describe('admin customers list', () => {
  it('loads the first 10 customers, then shows name, e-mail, phone, joined, orders, and View and Email links', async () => {
    const answer = deferred();
    const { queries, calls } = usersApi(() => answer.promise);
    await openAt('/admin/customers');
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customers - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers…');

    answer.resolve(
      page([makeCustomer({ fullName: 'Efua Asante', email: 'efua@example.com', phone: '+233241234567', orderCount: 3, joinDate: '2026-01-31T23:30:00.000Z' })]),
    );
    const view = await screen.findByRole('link', { name: 'View Efua Asante' });
    expect(view).toHaveAttribute('href', '/admin/customers/u1');
    expect(screen.getByRole('link', { name: 'Email Efua Asante' })).toHaveAttribute('href', 'mailto:efua@example.com');
    const row = view.closest('tr') as HTMLElement;
    expect(textsOf(row, 'cell')).toEqual(['Efua Asante', 'efua@example.com', '024 123 4567', '31 Jan 2026', '3', 'ViewEmail']);
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 customer');

    expect(queries).toEqual(['role=customer&kind=all&page=1&limit=10']);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');
  });

  it('shows a buyer known by phone alone (orders taken by phone) with the phone, "None" for the e-mail and no Email link', async () => {
    const byPhone: AdminGuestBuyer = {
      kind: 'guest',
      _id: 'gphoneonly0000000000000000',
      fullName: 'Auntie Akos',
      avatar: null,
      email: '',
      phone: '+233245550101',
      address: 'Madina market, stall 12',
      joinDate: '2026-11-01T10:00:00.000Z',
      lastOrderDate: '2026-11-02T10:00:00.000Z',
      orderCount: 2,
      totalSpent: 0,
      phones: ['+233245550101'],
      emails: [],
    };
    usersApi(() => page([byPhone, makeCustomer({ fullName: 'No Phone Yet', phone: null })]));
    await openAt('/admin/customers');
    const view = await screen.findByRole('link', { name: 'View Auntie Akos' });
    expect(textsOf(view.closest('tr') as HTMLElement, 'cell')).toEqual(['Auntie Akos Guest', 'None', '024 555 0101', '1 Nov 2026', '2', 'View']);
    expect(screen.queryByRole('link', { name: 'Email Auntie Akos' })).not.toBeInTheDocument();
    expect(textsOf(screen.getByRole('link', { name: 'View No Phone Yet' }).closest('tr') as HTMLElement, 'cell')[2]).toBe('None');
  });

  it('searches name or e-mail as typed (any case) 300 ms after typing stops, from page 1, kept in the address', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = usersApi((query) =>
      query.get('q') ? page([makeCustomer({ fullName: 'Adwoa Boateng', email: 'ADWOA@Mail.com' })]) : page([makeCustomer()], 15, Number(query.get('page'))),
    );
    const router = await openAt('/admin/customers?page=2');
    await screen.findByText('Page 2 of 2');

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'aDwOa');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(queries).toEqual(['role=customer&kind=all&page=2&limit=10']);

    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(queries).toEqual(['role=customer&kind=all&page=2&limit=10', 'q=aDwOa&role=customer&kind=all&page=1&limit=10']));
    expect(await screen.findByRole('link', { name: 'View Adwoa Boateng' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: 'aDwOa' });
    expect(screen.queryByRole('navigation', { name: 'Customers pages' })).not.toBeInTheDocument();
  });

  it('reopens with the search of the address and pages 10 at a time', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queries } = usersApi((query) => {
      const n = Number(query.get('page'));
      return page(
        Array.from({ length: n === 1 ? 10 : 2 }, () => makeCustomer()),
        12,
        n,
      );
    });
    const router = await openAt('/admin/customers?q=example');
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('example');

    const pages = await screen.findByRole('navigation', { name: 'Customers pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(10);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(queries).toEqual(['q=example&role=customer&kind=all&page=1&limit=10', 'q=example&role=customer&kind=all&page=2&limit=10']);
    expect(router.state.location.search).toEqual({ q: 'example', page: 2 });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(2));
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 2');
    // Page 1 again, from the cache: its 10 rows at once, not asked again.
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(10);
    expect(queries).toEqual(['q=example&role=customer&kind=all&page=1&limit=10', 'q=example&role=customer&kind=all&page=2&limit=10']);
  });

  it("says 'No customers found' when nothing matches", async () => {
    usersApi(() => page([], 0));
    await openAt('/admin/customers?q=zzz');
    expect(await screen.findByRole('cell', { name: 'No customers found' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch customers' when the list cannot be loaded, and Try again loads it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let fail = true;
    usersApi(() => (fail ? json({ message: 'You do not have permission to do that.' }, 403) : page([makeCustomer({ fullName: 'Yaa Asantewaa' })])));
    await openAt('/admin/customers');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch customers');
    // The server's reason, when it gives one, under the screen's text.
    expect(alert).toHaveTextContent('You do not have permission to do that.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'View Yaa Asantewaa' })).toBeInTheDocument();
  });

  it('marks guest buyers with a Guest badge, links to their profile, and filters accounts or guests from page 1', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const guest: AdminGuestBuyer = {
      kind: 'guest',
      _id: 'gAbCdEfGhIjKlMnOpQrStUvWx',
      fullName: 'Akua Guest',
      avatar: null,
      email: 'akua@example.com',
      phone: '+233241112222',
      address: null,
      joinDate: '2026-11-01T10:00:00.000Z',
      lastOrderDate: '2026-11-02T10:00:00.000Z',
      orderCount: 2,
      totalSpent: 30,
      phones: ['+233241112222'],
      emails: ['akua@example.com'],
    };
    const { queries } = usersApi((query) =>
      query.get('kind') === 'guest' ? page([guest]) : page([guest, makeCustomer({ fullName: 'Efua Account' })], 15, Number(query.get('page'))),
    );
    const router = await openAt('/admin/customers?page=2');
    const view = await screen.findByRole('link', { name: 'View Akua Guest' });
    expect(view).toHaveAttribute('href', `/admin/customers/${guest._id}`);
    expect(textsOf(view.closest('tr') as HTMLElement, 'cell')[0]).toBe('Akua Guest Guest');
    expect(textsOf(screen.getByRole('link', { name: 'View Efua Account' }).closest('tr') as HTMLElement, 'cell')[0]).toBe('Efua Account');

    const filter = screen.getByRole('combobox', { name: 'Show' });
    expect(filter).toHaveValue('');
    await user.selectOptions(filter, 'Guest buyers');
    await waitFor(() => expect(queries.at(-1)).toBe('role=customer&kind=guest&page=1&limit=10'));
    expect(router.state.location.search).toEqual({ kind: 'guest' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View Efua Account' })).not.toBeInTheDocument());
  });

  it('exports the customers with the search and filter, and the subscribers, as files downloaded with the token', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const csv = (name: string) => () =>
      new Response('\uFEFFEmail\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` } });
    const calls = mockApi({
      'GET getAllUsers': () => page([makeCustomer()]),
      'GET exportCustomers.csv': csv('customers-2026-11-22.csv'),
      'GET exportSubscribers.csv': csv('subscribers-2026-11-22.csv'),
    });
    const urls: string[] = [];
    const saved: string[] = [];
    const create = vi.fn((_blob: Blob) => `blob:${urls.push('x')}`);
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    try {
      await openAt('/admin/customers?q=ama&kind=account');
      await screen.findByRole('link', { name: /^View / });

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toEqual(['customers-2026-11-22.csv blob:1']));
      const exportCall = calls.find((c) => c.key === 'GET exportCustomers.csv');
      expect(exportCall?.authorization).toBe('Bearer tok-admin');
      // The bytes as the server sent them, BOM included (Blob.text() would drop it when decoding).
      const bytes = new Uint8Array(await (create.mock.calls[0] as [Blob])[0].arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      await user.click(screen.getByRole('button', { name: 'Export newsletter subscribers' }));
      await waitFor(() => expect(saved).toEqual(['customers-2026-11-22.csv blob:1', 'subscribers-2026-11-22.csv blob:2']));
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(revoke.mock.calls.map((c) => c[0])).toEqual(['blob:1', 'blob:2']);
    } finally {
      click.mockRestore();
    }
  });

  it('sends the list query to the export', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const asked: string[] = [];
    mockApi({
      'GET getAllUsers': () => page([makeCustomer()]),
      'GET exportCustomers.csv': (_body, request) => {
        asked.push(new URL(request.url).search);
        return json({ message: 'You do not have permission to do that.' }, 403);
      },
    });
    await openAt('/admin/customers?q=ama&kind=guest');
    await screen.findByRole('link', { name: /^View / });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked).toEqual(['?q=ama&role=customer&kind=guest']));
    // A refusal is said, and the button can be used again.
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
