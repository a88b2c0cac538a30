import { createFileRoute } from '@tanstack/react-router';
import { SearchResultsPage } from '../features/search/components/search-results-page';
import { searchParams } from '../features/search/search-params';
import { productPagesQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/search')({
  validateSearch: searchParams,
  loaderDeps: ({ search }) => ({ q: search.q.trim() }),
  // The first page of matches, best first (the rest as the shopper scrolls).
  loader: ({ context, deps }) => (deps.q ? loadQueries(context, productPagesQuery({ q: deps.q })) : undefined),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchResultsPage query={q} />;
}
