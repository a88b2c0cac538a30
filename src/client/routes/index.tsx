import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/catalogue/components/home-page';
import { catalogueQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/')({
  loader: ({ context }) => loadQueries(context, catalogueQuery()),
  component: HomePage,
});
