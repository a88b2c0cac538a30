import { Hono } from 'hono';
import type { DashboardStats } from '@/shared/admin-types';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { dashboardStats } from '../services/shop/admin-dashboard';

/** Admin: the dashboard's figures (sales, recent orders, low stock). */
export function adminDashboardRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>().get('/getDashboardStats', admin, async (c) =>
    c.json((await dashboardStats(deps.db, deps.secret, deps.clock())) satisfies DashboardStats),
  );
}
