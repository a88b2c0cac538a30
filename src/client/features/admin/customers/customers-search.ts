import { pageParam, textParam } from '@/client/lib/list-search';

/** Which buyers the list shows: none in the address is both. */
export type CustomerKindFilter = 'account' | 'guest';

/** `/admin/customers?q=&kind=&page=`: kept in the address for reloads and Back. */
export interface AdminCustomersSearch {
  q?: string;
  kind?: CustomerKindFilter;
  page?: number;
}

/** validateSearch of /admin/customers: hand-written (no zod) as it ships with the route tree. */
export function adminCustomersSearch(search: Record<string, unknown>): AdminCustomersSearch {
  const kind = search.kind === 'account' || search.kind === 'guest' ? search.kind : undefined;
  return { q: textParam(search.q), kind, page: pageParam(search.page) };
}
