import { queryOptions } from '@tanstack/react-query';
import { answerOf, productsClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { PRODUCT_TEXTS } from '../texts';
import { ADMIN_PRODUCTS_KEY } from './get-products';

/** GET /api/getSingleProductById/{id}: the product to edit; a missing one fails with status 404. */
export async function getProduct(id: string): Promise<Product> {
  const answer = await apiCall(
    () => answerOf(productsClient.getSingleProductById[':id'].$get({ param: { id: encodeURIComponent(id) } })),
    PRODUCT_TEXTS.fetchOneFailed,
  );
  return answer.data;
}

/** A copy of a product this recent is taken as the server's current one (a link's hover loaded it, say). */
const EDITED_PRODUCT_FRESH_MS = 10_000;

/**
 * /admin/products/edit/{id}: the product as the admin edits it (apart from the storefront's
 * catalogue product, which is public and kept offline). A save puts the server's answer here.
 * The form starts from it, and its stock moves with every order: an older copy is refetched before
 * the form shows (product-form-pages.tsx), and nothing refetches it under a form being filled in.
 */
export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'detail', id] as const,
    queryFn: () => getProduct(id),
    staleTime: EDITED_PRODUCT_FRESH_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
