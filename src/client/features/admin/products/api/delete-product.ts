import { apiCall, http } from '../../../../lib/http';
import { PRODUCT_TEXTS } from '../texts';

/** DELETE /api/deleteProduct/{id} (admin): the shop and carts lose it; orders keep their snapshot. */
export async function deleteProduct(id: string): Promise<void> {
  await apiCall(() => http.delete(`deleteProduct/${encodeURIComponent(id)}`).json<{ message: string }>(), PRODUCT_TEXTS.deleteFailed);
}
