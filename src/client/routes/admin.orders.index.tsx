import { createFileRoute } from '@tanstack/react-router';
import { adminOrdersQuery } from '../features/admin/orders/api/get-all-orders';
import { AdminOrdersPage } from '../features/admin/orders/components/admin-orders-page';
import { adminOrdersSearch } from '../features/admin/orders/orders-search';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: adminOrdersSearch,
  loaderDeps: ({ search }) => ({ q: search.q, status: search.status, payment: search.payment, flag: search.flag, page: search.page }),
  loader: ({ context, deps }) => loadQueries(context, adminOrdersQuery(deps)),
  component: AdminOrdersPage,
});
