import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../features/catalogue/components/product-page';
import { catalogueQuery, productQuery } from '../../lib/queries/catalogue';
import { loadQueries } from '../../lib/query-client';

export const Route = createFileRoute('/product/$id')({
  // The catalogue usually holds the product (no extra call); a deep link asks for it alone as well,
  // so its page need not wait for the whole catalogue.
  loader: ({ context, params }) => {
    const inCatalogue = context.queryClient.getQueryData(catalogueQuery().queryKey)?.some((p) => p._id === params.id);
    return inCatalogue ? loadQueries(context, catalogueQuery()) : loadQueries(context, catalogueQuery(), productQuery(params.id));
  },
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage id={id} />;
}
