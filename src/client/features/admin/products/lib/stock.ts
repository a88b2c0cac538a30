import type { BadgeTone } from '@/client/components/status-badge';

/** Spec section 9: red at 5 or less, yellow at 10 or less, otherwise green. */
export const LOW_STOCK = 5;
export const RUNNING_LOW_STOCK = 10;

export function stockTone(stock: number): BadgeTone {
  if (stock <= LOW_STOCK) return 'danger';
  if (stock <= RUNNING_LOW_STOCK) return 'warning';
  return 'success';
}
