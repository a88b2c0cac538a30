import type { Page, Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { PRODUCT_TEXTS } from '../texts';

export type ProductPage = Page<'data', Product>;

/** Admin tables show 10 rows a page (spec section 9). */
export const PRODUCTS_PER_PAGE = 10;

/** GET /api/getProducts?q=&page=&limit=10: one page of the catalogue, newest first, searched by name, description or category. */
export function getProducts({ q, page }: { q: string; page: number }): Promise<ProductPage> {
  const searchParams = { q, page, limit: PRODUCTS_PER_PAGE };
  return apiCall(() => http.get('getProducts', { searchParams }).json<ProductPage>(), PRODUCT_TEXTS.fetchListFailed);
}
