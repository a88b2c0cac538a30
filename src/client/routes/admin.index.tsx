import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/admin/dashboard/components/dashboard-page';

export const Route = createFileRoute('/admin/')({
  component: DashboardPage,
});
