import type { Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { PRODUCT_TEXTS } from '../texts';

/** GET /api/getSingleProductById/{id}: the product to edit; a missing one fails with status 404. */
export async function getProduct(id: string): Promise<Product> {
  const answer = await apiCall(() => http.get(`getSingleProductById/${encodeURIComponent(id)}`).json<{ data: Product }>(), PRODUCT_TEXTS.fetchOneFailed);
  return answer.data;
}
