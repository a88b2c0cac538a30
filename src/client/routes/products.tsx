import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/catalogue/components/listing-page';
import { sortSearch } from '../features/catalogue/lib/sort';
import { catalogueQuery } from '../lib/queries/catalogue';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/products')({
  validateSearch: sortSearch,
  loader: ({ context }) => loadQueries(context, catalogueQuery()),
  component: ProductsPage,
});
