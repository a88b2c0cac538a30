import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/catalogue/components/listing-page';
import { listingRoute } from '../features/catalogue/lib/listing-route';

export const Route = createFileRoute('/products')({
  ...listingRoute(),
  component: ProductsPage,
});
