import { downloadFile } from '@/client/lib/download';
import { http } from '@/client/lib/http';
import type { AdminOrdersSearch } from '../orders-search';
import { paymentQueryOf } from '../payment-query';
import { ORDERS_TEXTS } from '../texts';

/**
 * GET /api/exportOrders.csv?q=&status=&paymentStatus=&refundState=&flag= (admin): the orders the
 * list's search and filters show, every page, one row per line, saved as `orders-YYYY-MM-DD.csv`.
 */
export function exportOrders({ q, status, payment, flag }: Pick<AdminOrdersSearch, 'q' | 'status' | 'payment' | 'flag'>): Promise<string> {
  const searchParams = new URLSearchParams();
  if (q) searchParams.set('q', q);
  if (status) searchParams.set('status', status);
  const { paymentStatus, refundState } = paymentQueryOf(payment);
  if (paymentStatus) searchParams.set('paymentStatus', paymentStatus);
  if (refundState) searchParams.set('refundState', refundState);
  if (flag) searchParams.set('flag', flag);
  return downloadFile(() => http.get('exportOrders.csv', { searchParams }), 'orders.csv', ORDERS_TEXTS.exportFailed);
}
