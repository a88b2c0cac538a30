import { createFileRoute } from '@tanstack/react-router';
import { SearchResultsPage } from '../features/search/components/search-results-page';
import { searchParamsSchema } from '../features/search/search-params';

export const Route = createFileRoute('/search')({
  validateSearch: searchParamsSchema,
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchResultsPage query={q} />;
}
