import { createFileRoute } from '@tanstack/react-router';
import { AdminOrdersPage } from '../features/admin/orders/components/admin-orders-page';
import { adminOrdersSearch } from '../features/admin/orders/orders-search';

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: adminOrdersSearch,
  component: AdminOrdersPage,
});
