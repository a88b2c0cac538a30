import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '../features/orders/components/my-orders-page';
import { ordersPageQueries } from '../features/orders/route-queries';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/orders')({
  loader: ({ context }) => loadQueries(context, ...ordersPageQueries()),
  component: MyOrdersPage,
});
