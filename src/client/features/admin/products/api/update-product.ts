import { mutationOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import type { ChangeAnswer, Product } from '@/shared/types';
import { IMAGE_UPLOAD_TIMEOUT_MS } from '../lib/product-form-data';
import { productSaved } from '../lib/products-cache';
import { PRODUCT_TEXTS } from '../texts';

/**
 * PATCH /api/updateProductInfo/{id} (admin, multipart): the fields, `existingImages` (the images in
 * their new order, `new:N` for the N-th file sent) and the new `images` files.
 */
export async function updateProduct(id: string, form: FormData): Promise<Product> {
  const answer = await apiCall(
    () => http.patch(`updateProductInfo/${encodeURIComponent(id)}`, { body: form, timeout: IMAGE_UPLOAD_TIMEOUT_MS }).json<ChangeAnswer<Product>>(),
    PRODUCT_TEXTS.updateFailed,
  );
  return answer.data;
}

/** Saving an edit or a new stock (lib/products-cache.ts productSaved); the shop's catalogue changes too. */
export const updateProductMutation = () =>
  mutationOptions({
    mutationFn: ({ id, form }: { id: string; form: FormData }) => updateProduct(id, form),
    onSuccess: (product, _input, _result, { client }) => productSaved(client, product),
    meta: { changes: 'catalogue' },
  });
