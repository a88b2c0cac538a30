import { queryOptions } from '@tanstack/react-query';
import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OrderStatus } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { AdminOrdersSearch, FlagFilter, PaymentFilter } from '../orders-search';
import { paymentQueryOf } from '../payment-query';
import { ORDERS_PER_PAGE } from '../texts';
import type { OrderPage } from '../types';

/** What one page of the order list is asked with: the search, the filters and the page. */
interface OrdersListArgs {
  q?: string;
  status?: OrderStatus;
  payment?: PaymentFilter;
  flag?: FlagFilter;
  page: number;
}

/**
 * GET /api/getAllOrders?q=&status=&paymentStatus=&refundState=&flag=&page=&limit=10 (admin): one
 * page, newest first, with the total. `flag`: only orders with an open flag (`any`, or of one kind);
 * the payment filter is asked as a payment status and a refund state. An empty search or filter is
 * left out (the API refuses an empty status).
 */
export async function getAllOrders({ q, status, payment, flag, page }: OrdersListArgs): Promise<OrderPage> {
  const query = { q: q || undefined, status: status || undefined, ...paymentQueryOf(payment), flag: flag || undefined, page, limit: ORDERS_PER_PAGE };
  const answer = await apiCall(() => answerOf(adminOrdersClient.getAllOrders.$get({ query })), PAGE_MESSAGES.ordersFetchFailed);
  const { orders } = answer;
  return { orders, total: answer.total ?? orders.length, page: answer.page ?? page, limit: answer.limit ?? ORDERS_PER_PAGE };
}

/** The first part of every order list's key: what a change to any order makes stale. */
export const ADMIN_ORDER_LISTS = ['admin', 'orders', 'list'] as const;

/**
 * One page of the admin's order list, for the search of the address (the route's loader and the page
 * pass the same search, so they share one query).
 */
export const adminOrdersQuery = (search: AdminOrdersSearch) => {
  const args: OrdersListArgs = { q: search.q, status: search.status, payment: search.payment, flag: search.flag, page: search.page ?? 1 };
  return queryOptions({
    queryKey: [...ADMIN_ORDER_LISTS, args] as const,
    queryFn: () => getAllOrders(args),
  });
};
