import { pageParam, textParam } from '@/client/lib/list-search';

/** `/admin/customers?q=&page=`: kept in the address for reloads and Back. */
export interface AdminCustomersSearch {
  q?: string;
  page?: number;
}

/** validateSearch of /admin/customers: hand-written (no zod) as it ships with the route tree. */
export function adminCustomersSearch(search: Record<string, unknown>): AdminCustomersSearch {
  return { q: textParam(search.q), page: pageParam(search.page) };
}
