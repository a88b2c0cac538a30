import { downloadFile } from '@/client/lib/download';
import { http } from '@/client/lib/http';
import type { AdminCustomersSearch } from '../customers-search';
import { CUSTOMERS_TEXTS } from '../texts';

/**
 * GET /api/exportCustomers.csv?q=&role=customer&kind= (admin): the customers the list's search and
 * filter show (accounts, guest buyers or both), every page, saved as `customers-YYYY-MM-DD.csv`.
 */
export function exportCustomers({ q, kind }: Pick<AdminCustomersSearch, 'q' | 'kind'>): Promise<string> {
  const searchParams = new URLSearchParams();
  if (q) searchParams.set('q', q);
  searchParams.set('role', 'customer');
  searchParams.set('kind', kind ?? 'all');
  return downloadFile(() => http.get('exportCustomers.csv', { searchParams }), 'customers.csv', CUSTOMERS_TEXTS.exportFailed);
}
