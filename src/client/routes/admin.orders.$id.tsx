import { createFileRoute } from '@tanstack/react-router';
import { AdminOrderPage } from '../features/admin/orders/components/admin-order-page';

export const Route = createFileRoute('/admin/orders/$id')({
  component: AdminOrderRoute,
});

function AdminOrderRoute() {
  const { id } = Route.useParams();
  return <AdminOrderPage id={id} />;
}
