import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { listingRoute } from '../features/catalogue/lib/listing-route';

export const Route = createFileRoute('/cleansers')({
  ...listingRoute('Cleansers'),
  component: () => <CategoryPage slug="cleansers" />,
});
