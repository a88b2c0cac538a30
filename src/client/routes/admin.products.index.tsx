import { createFileRoute } from '@tanstack/react-router';
import { adminProductsQuery } from '../features/admin/products/api/get-products';
import { ProductsPage } from '../features/admin/products/components/products-page';
import { adminProductsSearch, productsListArgs } from '../features/admin/products/lib/products-search';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/products/')({
  validateSearch: adminProductsSearch,
  loaderDeps: ({ search }) => ({ q: search.q, category: search.category, sort: search.sort, page: search.page }),
  loader: ({ context, deps }) => loadQueries(context, adminProductsQuery(productsListArgs(deps))),
  component: ProductsPage,
});
