import { createFileRoute } from '@tanstack/react-router';
import { CustomerProfilePage } from '../features/admin/customers/components/customer-profile-page';

export const Route = createFileRoute('/admin/customers/$id')({
  component: AdminCustomerRoute,
});

function AdminCustomerRoute() {
  const { id } = Route.useParams();
  return <CustomerProfilePage id={id} />;
}
