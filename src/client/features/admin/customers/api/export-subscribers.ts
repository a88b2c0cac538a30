import { downloadFile } from '@/client/lib/download';
import { http } from '@/client/lib/http';
import { CUSTOMERS_TEXTS } from '../texts';

/** GET /api/exportSubscribers.csv (admin): every newsletter subscriber, saved as `subscribers-YYYY-MM-DD.csv`. */
export function exportSubscribers(): Promise<string> {
  return downloadFile(() => http.get('exportSubscribers.csv'), 'subscribers.csv', CUSTOMERS_TEXTS.exportSubscribersFailed);
}
