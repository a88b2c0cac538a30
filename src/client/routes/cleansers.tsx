import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/cleansers')({
  validateSearch: sortSearchSchema,
  component: CleansersPage,
});

function CleansersPage() {
  return <CategoryPage slug="cleansers" />;
}
