import { queryOptions } from '@tanstack/react-query';
import { adminCustomersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { AdminCustomersSearch, CustomerKindFilter } from '../customers-search';
import { CUSTOMERS_PER_PAGE, CUSTOMERS_TEXTS } from '../texts';
import type { CustomerPage } from '../types';

/**
 * GET /api/getAllUsers?q=&role=customer&kind=&page=&limit=10 (admin): one page of customer accounts
 * and guest buyers (`kind=all` unless the filter says one), newest first; the server matches name,
 * e-mail or phone without regard to case. Admin accounts are left out, as the dashboard's Total
 * Customers leaves them out.
 */
export async function getAllUsers({ q, kind, page }: { q?: string; kind?: CustomerKindFilter; page: number }): Promise<CustomerPage> {
  const query = { q: q || undefined, role: 'customer', kind: kind ?? 'all', page, limit: CUSTOMERS_PER_PAGE };
  const answer = await apiCall(() => answerOf(adminCustomersClient.getAllUsers.$get({ query })), CUSTOMERS_TEXTS.loadFailed);
  const { users } = answer;
  return { users, total: answer.total ?? users.length, page: answer.page ?? page, limit: answer.limit ?? CUSTOMERS_PER_PAGE };
}

/**
 * One page of the customer list, for the search of the address (the route's loader and the page pass
 * the same search, so they share one query).
 */
export const adminCustomersQuery = (search: AdminCustomersSearch) => {
  const args = { q: search.q, kind: search.kind, page: search.page ?? 1 };
  return queryOptions({
    queryKey: ['admin', 'customers', 'list', args] as const,
    queryFn: () => getAllUsers(args),
  });
};
