import { createFileRoute } from '@tanstack/react-router';
import { adminCustomerQuery } from '../features/admin/customers/api/get-user-by-id';
import { CustomerProfilePage } from '../features/admin/customers/components/customer-profile-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/customers/$id')({
  loader: ({ context, params }) => loadQueries(context, adminCustomerQuery(params.id)),
  component: AdminCustomerRoute,
});

function AdminCustomerRoute() {
  const { id } = Route.useParams();
  return <CustomerProfilePage id={id} />;
}
