import { createFileRoute } from '@tanstack/react-router';
import { dashboardStatsQuery } from '../features/admin/dashboard/api/get-dashboard-stats';
import { DashboardPage } from '../features/admin/dashboard/components/dashboard-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/')({
  loader: ({ context }) => loadQueries(context, dashboardStatsQuery()),
  component: DashboardPage,
});
