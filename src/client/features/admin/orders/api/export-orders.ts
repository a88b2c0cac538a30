import { downloadFile } from '@/client/lib/download';
import { http } from '@/client/lib/http';
import type { AdminOrdersSearch } from '../orders-search';
import { ORDERS_TEXTS } from '../texts';

/**
 * GET /api/exportOrders.csv?q=&status=&flag= (admin): the orders the list's search and filters show,
 * every page, one row per line, saved as `orders-YYYY-MM-DD.csv`.
 */
export function exportOrders({ q, status, flag }: Pick<AdminOrdersSearch, 'q' | 'status' | 'flag'>): Promise<string> {
  const searchParams = new URLSearchParams();
  if (q) searchParams.set('q', q);
  if (status) searchParams.set('status', status);
  if (flag) searchParams.set('flag', flag);
  return downloadFile(() => http.get('exportOrders.csv', { searchParams }), 'orders.csv', ORDERS_TEXTS.exportFailed);
}
