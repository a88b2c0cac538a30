import { createFileRoute } from '@tanstack/react-router';
import { lowStockQuery } from '../features/admin/products/api/get-low-stock-products';
import { LowStockPage } from '../features/admin/products/components/low-stock-page';
import { LOW_STOCK } from '../features/admin/products/lib/stock';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/products/low-stock')({
  // The page opens at the usual threshold (10 or less is the admin's choice on the page).
  loader: ({ context }) => loadQueries(context, lowStockQuery(LOW_STOCK)),
  component: LowStockPage,
});
