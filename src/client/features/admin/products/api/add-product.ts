import type { Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { IMAGE_UPLOAD_TIMEOUT_MS } from '../lib/product-form-data';
import { PRODUCT_TEXTS } from '../texts';

/** POST /api/addProduct (admin, multipart: the fields, then the `images` files in order). */
export async function addProduct(form: FormData): Promise<Product> {
  const answer = await apiCall(
    () => http.post('addProduct', { body: form, timeout: IMAGE_UPLOAD_TIMEOUT_MS }).json<{ message: string; data: Product }>(),
    PRODUCT_TEXTS.addFailed,
  );
  return answer.data;
}
