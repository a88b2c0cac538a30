import { pageParam, textParam } from '@/client/lib/list-search';
import { ORDER_FLAGS, type OrderFlagKind, type RefundState } from '@/shared/back-office';
import { ORDER_STATUSES, type OrderStatus, type PaymentStatus } from '@/shared/constants';

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

/** The payment filter as the API's query: `paymentStatus` and `refundState` (Paid: paid with nothing refunded). */
export function paymentQueryOf(payment: PaymentFilter | undefined): { paymentStatus?: PaymentStatus; refundState?: RefundState } {
  if (payment === 'Pending') return { paymentStatus: 'Pending' };
  if (payment === 'Paid') return { paymentStatus: 'Paid', refundState: 'none' };
  if (payment === undefined) return {};
  return { refundState: payment };
}

const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);
const isPaymentFilter = (value: unknown): value is PaymentFilter => PAYMENT_FILTERS.includes(value as PaymentFilter);
const isFlagFilter = (value: unknown): value is FlagFilter => value === 'any' || ORDER_FLAGS.includes(value as OrderFlagKind);

/** validateSearch of /admin/orders: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function adminOrdersSearch(search: Record<string, unknown>): AdminOrdersSearch {
  return {
    q: textParam(search.q),
    status: isOrderStatus(search.status) ? search.status : undefined,
    payment: isPaymentFilter(search.payment) ? search.payment : undefined,
    flag: isFlagFilter(search.flag) ? search.flag : undefined,
    page: pageParam(search.page),
  };
}
