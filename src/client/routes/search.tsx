import { createFileRoute } from '@tanstack/react-router';
import { SearchResultsPage } from '../features/search/components/search-results-page';
import { searchParams } from '../features/search/search-params';
import { catalogueQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/search')({
  validateSearch: searchParams,
  loader: ({ context }) => loadQueries(context, catalogueQuery()),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchResultsPage query={q} />;
}
