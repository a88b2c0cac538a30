import { queryOptions } from '@tanstack/react-query';
import { adminProductsClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { PRODUCT_TEXTS } from '../texts';
import { ADMIN_PRODUCTS_KEY } from './get-products';

/** GET /api/getLowStockProducts?threshold=: products with that stock or less, lowest first. */
export async function getLowStockProducts(threshold: number): Promise<Product[]> {
  const answer = await apiCall(() => answerOf(adminProductsClient.getLowStockProducts.$get({ query: { threshold } })), PRODUCT_TEXTS.fetchListFailed);
  return answer.data;
}

/** The first part of the low-stock lists' keys (one per threshold asked). */
export const LOW_STOCK_LISTS_KEY = [...ADMIN_PRODUCTS_KEY, 'low-stock'] as const;

/** /admin/products/low-stock: the products with `threshold` or fewer in stock. */
export const lowStockQuery = (threshold: number) =>
  queryOptions({ queryKey: [...LOW_STOCK_LISTS_KEY, threshold] as const, queryFn: () => getLowStockProducts(threshold) });
