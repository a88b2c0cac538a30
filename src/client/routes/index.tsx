import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/catalogue/components/home-page';
import { BEST_SELLERS_QUERY, NEW_ARRIVALS_QUERY } from '../features/catalogue/lib/section-queries';
import { productPageQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/')({
  loader: ({ context }) => loadQueries(context, productPageQuery(BEST_SELLERS_QUERY), productPageQuery(NEW_ARRIVALS_QUERY)),
  component: HomePage,
});
