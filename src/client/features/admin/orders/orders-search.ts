import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/constants';
import { pageParam, textParam } from '../../../lib/list-search';

/** `/admin/orders?q=&status=&page=`: what the list shows, kept in the address for reloads and Back. */
export interface AdminOrdersSearch {
  q?: string;
  status?: OrderStatus;
  page?: number;
}

const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/** validateSearch of /admin/orders: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminOrdersSearch(search: Record<string, unknown>): AdminOrdersSearch {
  return { q: textParam(search.q), status: isOrderStatus(search.status) ? search.status : undefined, page: pageParam(search.page) };
}
