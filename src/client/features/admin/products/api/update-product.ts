import type { Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { IMAGE_UPLOAD_TIMEOUT_MS } from '../lib/product-form-data';
import { PRODUCT_TEXTS } from '../texts';

/**
 * PATCH /api/updateProductInfo/{id} (admin, multipart): the fields, `existingImages` (the images in
 * their new order, `new:N` for the N-th file sent) and the new `images` files.
 */
export async function updateProduct(id: string, form: FormData): Promise<Product> {
  const answer = await apiCall(
    () =>
      http.patch(`updateProductInfo/${encodeURIComponent(id)}`, { body: form, timeout: IMAGE_UPLOAD_TIMEOUT_MS }).json<{ message: string; data: Product }>(),
    PRODUCT_TEXTS.updateFailed,
  );
  return answer.data;
}
