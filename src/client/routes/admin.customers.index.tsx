import { createFileRoute } from '@tanstack/react-router';
import { adminCustomersQuery } from '../features/admin/customers/api/get-all-users';
import { AdminCustomersPage } from '../features/admin/customers/components/admin-customers-page';
import { adminCustomersSearch } from '../features/admin/customers/customers-search';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/customers/')({
  validateSearch: adminCustomersSearch,
  loaderDeps: ({ search }) => ({ q: search.q, kind: search.kind, page: search.page }),
  loader: ({ context, deps }) => loadQueries(context, adminCustomersQuery(deps)),
  component: AdminCustomersPage,
});
