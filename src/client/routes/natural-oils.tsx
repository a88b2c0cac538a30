import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { listingRoute } from '../features/catalogue/lib/listing-route';

export const Route = createFileRoute('/natural-oils')({
  ...listingRoute('Natural Oils'),
  component: () => <CategoryPage slug="natural-oils" />,
});
