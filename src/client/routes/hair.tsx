import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearchSchema } from '../features/catalogue/lib/sort';

export const Route = createFileRoute('/hair')({
  validateSearch: sortSearchSchema,
  component: HairPage,
});

function HairPage() {
  return <CategoryPage slug="hair" />;
}
