import { createFileRoute } from '@tanstack/react-router';
import { AdminCustomersPage } from '../features/admin/customers/components/admin-customers-page';
import { adminCustomersSearch } from '../features/admin/customers/customers-search';

export const Route = createFileRoute('/admin/customers/')({
  validateSearch: adminCustomersSearch,
  component: AdminCustomersPage,
});
