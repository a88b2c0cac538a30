import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/skin')({
  validateSearch: sortSearchSchema,
  component: SkinPage,
});

function SkinPage() {
  return <CategoryPage slug="skin" />;
}
