import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../features/catalogue/components/product-page';
import { similarProductsQuery } from '../../features/catalogue/lib/section-queries';
import { productPageQuery, productQuery } from '../../lib/queries/catalogue';
import { loadQueries } from '../../lib/query-client';

export const Route = createFileRoute('/product/$id')({
  // The product (from the phone's copy, or asked for alone); once it is in (the server waits for
  // it), its similar products, so the server's page has them too.
  loader: async ({ context, params }) => {
    await loadQueries(context, productQuery(params.id));
    const product = context.queryClient.getQueryData(productQuery(params.id).queryKey);
    if (product) await loadQueries(context, productPageQuery(similarProductsQuery(product.category)));
  },
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage id={id} />;
}
