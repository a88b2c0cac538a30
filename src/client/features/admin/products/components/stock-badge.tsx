import { StatusBadge } from '@/client/components/status-badge';
import { stockTone } from '../lib/stock';

/** The stock count on a pill: red at 5 or less, yellow at 10 or less, green above. */
export function StockBadge({ stock }: { stock: number }) {
  return <StatusBadge text={String(stock)} tone={stockTone(stock)} />;
}
