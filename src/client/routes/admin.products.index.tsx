import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/admin/products/components/products-page';
import { adminProductsSearch } from '../features/admin/products/lib/products-search';

export const Route = createFileRoute('/admin/products/')({
  validateSearch: adminProductsSearch,
  component: ProductsPage,
});
