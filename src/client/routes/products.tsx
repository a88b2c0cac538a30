import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/catalogue/components/listing-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/products')({
  validateSearch: sortSearchSchema,
  component: ProductsPage,
});
