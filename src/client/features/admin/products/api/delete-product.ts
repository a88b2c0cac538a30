import { mutationOptions } from '@tanstack/react-query';
import { adminProductsClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { productDeleted } from '../lib/products-cache';
import { PRODUCT_TEXTS } from '../texts';

/** DELETE /api/deleteProduct/{id} (admin): the shop and carts lose it; orders keep their snapshot. */
export async function deleteProduct(id: string): Promise<void> {
  await apiCall(() => answerOf(adminProductsClient.deleteProduct[':id'].$delete({ param: { id: encodeURIComponent(id) } })), PRODUCT_TEXTS.deleteFailed);
}

/** Deleting a product (lib/products-cache.ts productDeleted); the shop's catalogue changes too. */
export const deleteProductMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => deleteProduct(id),
    onSuccess: (_answer, id, _result, { client }) => productDeleted(client, id),
    meta: { changes: 'catalogue' },
  });
