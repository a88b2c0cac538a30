import { Hono } from 'hono';
import type { DashboardStats } from '@/shared/admin-types';
import type { ShopperSpeed } from '@/shared/vitals';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { dashboardStats } from '../services/shop/admin-dashboard';
import { shopperSpeed } from '../services/shop/vitals';

/** Admin: the dashboard's figures (sales, recent orders, low stock) and how fast the shop is for shoppers. */
export function adminDashboardRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/getDashboardStats', admin, async (c) => c.json((await dashboardStats(deps.db, deps.secret, deps.clock())) satisfies DashboardStats))
    .get('/getShopperSpeed', admin, async (c) => c.json((await shopperSpeed(deps.db, deps.clock())) satisfies ShopperSpeed));
}
