import { createFileRoute } from '@tanstack/react-router';
import { adminGuestBuyerQuery, isGuestKey } from '../features/admin/customers/api/get-guest-buyer';
import { adminCustomerQuery } from '../features/admin/customers/api/get-user-by-id';
import { CustomerProfilePage } from '../features/admin/customers/components/customer-profile-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/customers/$id')({
  // A guest buyer's key or an account's id: one page for both.
  loader: ({ context, params }) => loadQueries(context, isGuestKey(params.id) ? adminGuestBuyerQuery(params.id) : adminCustomerQuery(params.id)),
  component: AdminCustomerRoute,
});

function AdminCustomerRoute() {
  const { id } = Route.useParams();
  return <CustomerProfilePage id={id} />;
}
