import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { listingRoute } from '../features/catalogue/lib/listing-route';

export const Route = createFileRoute('/skin')({
  ...listingRoute('Skin'),
  component: () => <CategoryPage slug="skin" />,
});
