import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@/shared/types';
import { dashboardStatsQuery } from '../../dashboard/api/get-dashboard-stats';
import { LOW_STOCK_LISTS_KEY } from '../api/get-low-stock-products';
import { adminProductQuery } from '../api/get-product';
import { ADMIN_PRODUCT_LISTS_KEY, type ProductPage } from '../api/get-products';

/** Lowest stock first, then by name, then by id: the server's order of a low-stock list. */
const byStockThenName = (a: Product, b: Product) => a.stock - b.stock || a.name.localeCompare(b.name) || a._id.localeCompare(b._id);

/**
 * A low-stock list after a change of product `id`: `product` (its saved state) where its stock puts
 * it, or left out when deleted (null) or above the threshold. The list depends only on each
 * product's stock, so this is what the server would answer.
 */
function lowStockWith(rows: readonly Product[], threshold: number, id: string, product: Product | null): Product[] {
  const others = rows.filter((p) => p._id !== id);
  return product && product.stock <= threshold ? [...others, product].sort(byStockThenName) : others;
}

/** Every cached low-stock list with the change in place, then marked stale without reloading the one on screen. */
function placeInLowStockLists(client: QueryClient, id: string, product: Product | null): void {
  for (const [key, rows] of client.getQueriesData<Product[]>({ queryKey: LOW_STOCK_LISTS_KEY })) {
    const threshold = key[LOW_STOCK_LISTS_KEY.length];
    if (rows && typeof threshold === 'number') client.setQueryData<Product[]>(key, lowStockWith(rows, threshold, id, product));
  }
  void client.invalidateQueries({ queryKey: LOW_STOCK_LISTS_KEY, refetchType: 'none' });
}

/**
 * A product added or edited (the form, a low-stock quick edit): its edit query holds the server's
 * answer, every cached page shows it where it already was, the low-stock lists place it by its
 * stock, and the pages and the dashboard are invalidated (the one on screen reloads; the others
 * when next shown), as a search's matches or the figures may have moved. Not awaited: the page
 * moves on at once.
 */
export function productSaved(client: QueryClient, product: Product): void {
  client.setQueryData(adminProductQuery(product._id).queryKey, product);
  client.setQueriesData<ProductPage>({ queryKey: ADMIN_PRODUCT_LISTS_KEY }, (page) =>
    page ? { ...page, data: page.data.map((p) => (p._id === product._id ? product : p)) } : page,
  );
  placeInLowStockLists(client, product._id, product);
  void client.invalidateQueries({ queryKey: ADMIN_PRODUCT_LISTS_KEY });
  void client.invalidateQueries({ queryKey: dashboardStatsQuery().queryKey });
}

/**
 * A product deleted: its edit query goes, its row leaves every cached page and low-stock list at
 * once, and the pages (the next page's first product moves up) and the dashboard are invalidated.
 */
export function productDeleted(client: QueryClient, id: string): void {
  client.removeQueries({ queryKey: adminProductQuery(id).queryKey });
  client.setQueriesData<ProductPage>({ queryKey: ADMIN_PRODUCT_LISTS_KEY }, (page) =>
    page?.data.some((p) => p._id === id) ? { ...page, data: page.data.filter((p) => p._id !== id), total: Math.max(0, page.total - 1) } : page,
  );
  placeInLowStockLists(client, id, null);
  void client.invalidateQueries({ queryKey: ADMIN_PRODUCT_LISTS_KEY });
  void client.invalidateQueries({ queryKey: dashboardStatsQuery().queryKey });
}
