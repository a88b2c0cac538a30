import { createRoute } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminCustomersPage } from '@/client/features/admin/customers/components/admin-customers-page';
import { adminCustomersSearch } from '@/client/features/admin/customers/customers-search';
import type { AdminCustomer } from '@/shared/types';
import { deferred, json, mockQueriedApi } from './api-mock';
import { fakeTimersAndFreshStores, signedInAs, textsOf } from './fixtures';
import { renderRoutes } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

let serial = 0;
function makeCustomer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  serial += 1;
  const createdAt = '2026-03-05T10:00:00.000Z';
  return {
    _id: `u${serial}`,
    fullName: `Customer ${serial}`,
    email: `customer${serial}@example.com`,
    role: 'customer',
    createdAt,
    joinDate: createdAt,
    orderCount: 0,
    totalSpent: 0,
    phone: null,
    accountPhone: null,
    kind: 'account',
    lastOrderDate: null,
    address: null,
    ...overrides,
  };
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

const page = (users: AdminCustomer[], total = users.length, n = 1) => json({ users, total, page: n, limit: 10 });

fakeTimersAndFreshStores();

signedInAs(admin);

beforeEach(() => {
  serial = 0;
});

describe('admin customers list', () => {
  it('loads the first 10 customers, then shows name, e-mail, joined, orders, and View and Email links', async () => {
    const answer = deferred();
    const { queries, calls } = usersApi(() => answer.promise);
    await openAt('/admin/customers');
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customers - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers…');

    answer.resolve(page([makeCustomer({ fullName: 'Efua Asante', email: 'efua@example.com', orderCount: 3, joinDate: '2026-01-31T23:30:00.000Z' })]));
    const view = await screen.findByRole('link', { name: 'View Efua Asante' });
    expect(view).toHaveAttribute('href', '/admin/customers/u1');
    expect(screen.getByRole('link', { name: 'Email Efua Asante' })).toHaveAttribute('href', 'mailto:efua@example.com');
    const row = view.closest('tr') as HTMLElement;
    expect(textsOf(row, 'cell')).toEqual(['Efua Asante', 'efua@example.com', '31 Jan 2026', '3', 'ViewEmail']);
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 customer');

    expect(queries).toEqual(['role=customer&page=1&limit=10']);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');
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
    expect(queries).toEqual(['role=customer&page=2&limit=10']);

    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(queries).toEqual(['role=customer&page=2&limit=10', 'q=aDwOa&role=customer&page=1&limit=10']));
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
    expect(queries).toEqual(['q=example&role=customer&page=1&limit=10', 'q=example&role=customer&page=2&limit=10']);
    expect(router.state.location.search).toEqual({ q: 'example', page: 2 });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(2));
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 2');
    // Page 1 again, from the cache: its 10 rows at once, not asked again.
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(10);
    expect(queries).toEqual(['q=example&role=customer&page=1&limit=10', 'q=example&role=customer&page=2&limit=10']);
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
});
