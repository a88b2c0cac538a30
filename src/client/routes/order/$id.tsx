import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../features/orders/components/order-detail-page';
import { orderSearch } from '../../features/orders/order-search';
import { orderPageQueries } from '../../features/orders/route-queries';
import { loadQueries } from '../../lib/query-client';

export const Route = createFileRoute('/order/$id')({
  validateSearch: orderSearch,
  loader: ({ context, params }) => loadQueries(context, ...orderPageQueries(params.id)),
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  const { placed } = Route.useSearch();
  return <OrderDetailPage id={id} placed={placed === true} />;
}
