import { createFileRoute } from '@tanstack/react-router';
import { adminProductQuery } from '../features/admin/products/api/get-product';
import { EditProductPage } from '../features/admin/products/components/product-form-pages';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/products/edit/$id')({
  // A copy kept from an earlier visit is refetched now: the form waits for the current one.
  loader: ({ context, params }) => loadQueries(context, { ...adminProductQuery(params.id), revalidateIfStale: true }),
  component: EditProductRoute,
});

function EditProductRoute() {
  const { id } = Route.useParams();
  // Another product is another form: nothing of the previous one's edits carries over.
  return <EditProductPage key={id} productId={id} />;
}
