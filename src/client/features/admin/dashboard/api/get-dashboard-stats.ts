import type { AdminOrder, Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { DASHBOARD_TEXTS } from '../texts';

/** One day of the sales chart: `YYYY-MM-DD` (Accra's day, which is UTC) and the money received, in cedis. */
export interface SalesDay {
  date: string;
  total: number;
}

export interface DashboardStats {
  /** Money received, in cedis: paid orders less the refunds processed. */
  totalSales: number;
  totalOrders: number;
  totalCustomers: number;
  /** The last 30 days, oldest first, days without sales included. */
  salesByDay: SalesDay[];
  /** The 5 newest orders. */
  recentOrders: AdminOrder[];
  /** Products with a stock of 5 or less, lowest first. */
  lowStock: Product[];
}

/** GET /api/getDashboardStats (admin): the whole dashboard in one call. */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiCall(() => http.get('getDashboardStats').json<DashboardStats>(), DASHBOARD_TEXTS.loadFailed);
}
