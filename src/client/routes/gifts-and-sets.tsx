import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { listingRoute } from '../features/catalogue/lib/listing-route';

export const Route = createFileRoute('/gifts-and-sets')({
  ...listingRoute('Gifts and Sets'),
  component: () => <CategoryPage slug="gifts-and-sets" />,
});
