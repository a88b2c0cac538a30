import { queryOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import type { AdminCustomer, Listed } from '@/shared/types';
import type { AdminCustomersSearch } from '../customers-search';
import { CUSTOMERS_PER_PAGE, CUSTOMERS_TEXTS } from '../texts';
import type { CustomerPage } from '../types';

/**
 * GET /api/getAllUsers?q=&role=customer&page=&limit=10 (admin): one page of customer accounts, newest
 * first; the server matches name or e-mail without regard to case. Admin accounts are left out, as
 * the dashboard's Total Customers leaves them out.
 */
export async function getAllUsers({ q, page }: { q?: string; page: number }): Promise<CustomerPage> {
  const searchParams = new URLSearchParams();
  if (q) searchParams.set('q', q);
  searchParams.set('role', 'customer');
  searchParams.set('page', String(page));
  searchParams.set('limit', String(CUSTOMERS_PER_PAGE));
  const answer = await apiCall(() => http.get('getAllUsers', { searchParams }).json<Listed<'users', AdminCustomer>>(), CUSTOMERS_TEXTS.loadFailed);
  const { users } = answer;
  return { users, total: answer.total ?? users.length, page: answer.page ?? page, limit: answer.limit ?? CUSTOMERS_PER_PAGE };
}

/**
 * One page of the customer list, for the search of the address (the route's loader and the page pass
 * the same search, so they share one query).
 */
export const adminCustomersQuery = (search: AdminCustomersSearch) => {
  const args = { q: search.q, page: search.page ?? 1 };
  return queryOptions({
    queryKey: ['admin', 'customers', 'list', args] as const,
    queryFn: () => getAllUsers(args),
  });
};
