import type { Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { PRODUCT_TEXTS } from '../texts';

/** GET /api/getLowStockProducts?threshold=: products with that stock or less, lowest first. */
export async function getLowStockProducts(threshold: number): Promise<Product[]> {
  const answer = await apiCall(
    () => http.get('getLowStockProducts', { searchParams: { threshold } }).json<{ data: Product[] }>(),
    PRODUCT_TEXTS.fetchListFailed,
  );
  return answer.data;
}
