import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/components/category-page';
import { sortSearch } from '../features/catalogue/lib/sort';
import { catalogueQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/hair')({
  validateSearch: sortSearch,
  loader: ({ context }) => loadQueries(context, catalogueQuery()),
  component: HairPage,
});

function HairPage() {
  return <CategoryPage slug="hair" />;
}
