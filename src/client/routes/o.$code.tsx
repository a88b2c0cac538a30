import { createFileRoute } from '@tanstack/react-router';
import { OrderLinkPage } from '../features/orders/components/order-link-page';
import { orderLinkPageQueries } from '../features/orders/route-queries';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/o/$code')({
  loader: ({ context, params }) => loadQueries(context, ...orderLinkPageQueries(params.code, context)),
  component: OrderLinkRoute,
});

function OrderLinkRoute() {
  const { code } = Route.useParams();
  return <OrderLinkPage code={code} />;
}
