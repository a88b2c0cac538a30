import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/natural-oils')({
  validateSearch: sortSearchSchema,
  component: NaturalOilsPage,
});

function NaturalOilsPage() {
  return <CategoryPage slug="natural-oils" />;
}
