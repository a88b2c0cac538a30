import { queryOptions } from '@tanstack/react-query';
import { adminDashboardClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { DashboardStats } from '@/shared/admin-types';
import { DASHBOARD_TEXTS } from '../texts';

/** GET /api/getDashboardStats (admin): the whole dashboard in one call. */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiCall(() => answerOf(adminDashboardClient.getDashboardStats.$get()), DASHBOARD_TEXTS.loadFailed);
}

/**
 * /admin: the figures, orders and low-stock products in one answer. Product and order changes
 * elsewhere in the admin area invalidate this key (they name it, as features do not import each other).
 */
export const dashboardStatsQuery = () => queryOptions({ queryKey: ['admin', 'dashboard'] as const, queryFn: getDashboardStats });
