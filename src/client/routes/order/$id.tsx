import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../features/orders/components/order-detail-page';
import { orderSearch } from '../../features/orders/order-search';

export const Route = createFileRoute('/order/$id')({
  validateSearch: orderSearch,
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  const { placed } = Route.useSearch();
  return <OrderDetailPage id={id} placed={placed === true} />;
}
