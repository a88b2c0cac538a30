import type { OrderStatus } from '../../../../../shared/constants';
import { MESSAGES } from '../../../../../shared/messages';
import { apiCall, http } from '../../../../lib/http';
import type { FlagFilter } from '../orders-search';
import { ORDERS_PER_PAGE } from '../texts';
import type { OrderPage } from '../types';

/**
 * GET /api/getAllOrders?q=&status=&flag=&page=&limit=10 (admin): one page, newest first, with the
 * total. `flag`: only orders with an open flag (`any`, or of one kind). An empty search or filter is
 * left out (the API refuses an empty status).
 */
export async function getAllOrders({ q, status, flag, page }: { q?: string; status?: OrderStatus; flag?: FlagFilter; page: number }): Promise<OrderPage> {
  const searchParams = new URLSearchParams();
  if (q) searchParams.set('q', q);
  if (status) searchParams.set('status', status);
  if (flag) searchParams.set('flag', flag);
  searchParams.set('page', String(page));
  searchParams.set('limit', String(ORDERS_PER_PAGE));
  const answer = await apiCall(() => http.get('getAllOrders', { searchParams }).json<Partial<OrderPage>>(), MESSAGES.ordersFetchFailed);
  const orders = answer.orders ?? [];
  return { orders, total: answer.total ?? orders.length, page: answer.page ?? page, limit: answer.limit ?? ORDERS_PER_PAGE };
}
