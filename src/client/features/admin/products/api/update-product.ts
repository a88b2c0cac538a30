import { mutationOptions } from '@tanstack/react-query';
import { adminProductsClient, answerOf, uploadOptions } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { IMAGE_UPLOAD_TIMEOUT_MS } from '../lib/product-form-data';
import { productSaved } from '../lib/products-cache';
import { PRODUCT_TEXTS } from '../texts';

/**
 * PATCH /api/updateProductInfo/{id} (admin, multipart): the fields, `existingImages` (the images in
 * their new order, `new:N` for the N-th file sent) and the new `images` files.
 */
export async function updateProduct(id: string, form: FormData): Promise<Product> {
  const answer = await apiCall(
    () =>
      answerOf(adminProductsClient.updateProductInfo[':id'].$patch({ param: { id: encodeURIComponent(id) } }, uploadOptions(form, IMAGE_UPLOAD_TIMEOUT_MS))),
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
