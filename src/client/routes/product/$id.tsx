import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../features/catalogue/components/product-page';

export const Route = createFileRoute('/product/$id')({
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage id={id} />;
}
