import { mutationOptions } from '@tanstack/react-query';
import { adminProductsClient, answerOf, uploadOptions } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { IMAGE_UPLOAD_TIMEOUT_MS } from '../lib/product-form-data';
import { productSaved } from '../lib/products-cache';
import { PRODUCT_TEXTS } from '../texts';

/** POST /api/addProduct (admin, multipart: the fields, then the `images` files in order). */
export async function addProduct(form: FormData): Promise<Product> {
  const answer = await apiCall(
    () => answerOf(adminProductsClient.addProduct.$post(undefined, uploadOptions(form, IMAGE_UPLOAD_TIMEOUT_MS))),
    PRODUCT_TEXTS.addFailed,
  );
  return answer.data;
}

/** Adding a product (lib/products-cache.ts productSaved); the shop's catalogue changes too. */
export const addProductMutation = () =>
  mutationOptions({
    mutationFn: (form: FormData) => addProduct(form),
    onSuccess: (product, _form, _result, { client }) => productSaved(client, product),
    meta: { changes: 'catalogue' },
  });
