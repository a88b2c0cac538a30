import { createFileRoute } from '@tanstack/react-router';
import { adminOrderQuery } from '../features/admin/orders/api/get-order-by-id';
import { AdminOrderPage } from '../features/admin/orders/components/admin-order-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/orders/$id')({
  loader: ({ context, params }) => loadQueries(context, adminOrderQuery(params.id)),
  component: AdminOrderRoute,
});

function AdminOrderRoute() {
  const { id } = Route.useParams();
  return <AdminOrderPage id={id} />;
}
