import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearch } from '../features/catalogue/lib/sort';
import { catalogueQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/natural-oils')({
  validateSearch: sortSearch,
  loader: ({ context }) => loadQueries(context, catalogueQuery()),
  component: NaturalOilsPage,
});

function NaturalOilsPage() {
  return <CategoryPage slug="natural-oils" />;
}
