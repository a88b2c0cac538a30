import { pageParam, textParam } from '@/client/lib/list-search';
import { ORDER_FLAGS, type OrderFlagKind } from '@/shared/back-office';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';

/** The "Needs attention" filter: orders with any open flag, or with an open flag of one kind. */
export type FlagFilter = 'any' | OrderFlagKind;

/** `/admin/orders?q=&status=&flag=&page=`: what the list shows, kept in the address for reloads and Back. */
export interface AdminOrdersSearch {
  q?: string;
  status?: OrderStatus;
  flag?: FlagFilter;
  page?: number;
}

const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);
const isFlagFilter = (value: unknown): value is FlagFilter => value === 'any' || ORDER_FLAGS.includes(value as OrderFlagKind);

/** validateSearch of /admin/orders: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminOrdersSearch(search: Record<string, unknown>): AdminOrdersSearch {
  return {
    q: textParam(search.q),
    status: isOrderStatus(search.status) ? search.status : undefined,
    flag: isFlagFilter(search.flag) ? search.flag : undefined,
    page: pageParam(search.page),
  };
}
