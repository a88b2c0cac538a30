import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/gifts-and-sets')({
  validateSearch: sortSearchSchema,
  component: GiftsAndSetsPage,
});

function GiftsAndSetsPage() {
  return <CategoryPage slug="gifts-and-sets" />;
}
