import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '../features/admin/products/components/product-form-pages';

export const Route = createFileRoute('/admin/products/edit/$id')({
  component: EditProductRoute,
});

function EditProductRoute() {
  const { id } = Route.useParams();
  // Another product is another form: nothing of the previous one's edits carries over.
  return <EditProductPage key={id} productId={id} />;
}
