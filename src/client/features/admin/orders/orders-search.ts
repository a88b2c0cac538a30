import { oneOf, pageParam, textParam } from '@/client/lib/list-search';
import { ORDER_FLAGS, type OrderFlagKind } from '@/shared/back-office';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';

/** The "Needs attention" filter: orders with any open flag, or with an open flag of one kind. */
export type FlagFilter = 'any' | OrderFlagKind;

/** The payment filter, as the list's badges say it: unpaid, paid (nothing sent back), partly refunded, refunded. */
export const PAYMENT_FILTERS = ['Pending', 'Paid', 'partly', 'refunded'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** `/admin/orders?q=&status=&payment=&flag=&page=`: what the list shows, kept in the address for reloads and Back. */
export interface AdminOrdersSearch {
  q?: string;
  status?: OrderStatus;
  payment?: PaymentFilter;
  flag?: FlagFilter;
  page?: number;
}

const FLAG_FILTERS: readonly FlagFilter[] = ['any', ...ORDER_FLAGS];

/** validateSearch of /admin/orders: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminOrdersSearch(search: Record<string, unknown>): AdminOrdersSearch {
  return {
    q: textParam(search.q),
    status: oneOf(ORDER_STATUSES, search.status),
    payment: oneOf(PAYMENT_FILTERS, search.payment),
    flag: oneOf(FLAG_FILTERS, search.flag),
    page: pageParam(search.page),
  };
}
