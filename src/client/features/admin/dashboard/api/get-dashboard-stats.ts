import type { AdminOrder, Product } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { DASHBOARD_TEXTS } from '../texts';

/** One day of the sales chart: `YYYY-MM-DD` (Accra's day, which is UTC) and the money received, in cedis. */
export interface SalesDay {
  date: string;
  total: number;
}

/** A Cash on Delivery order holding its items until an admin confirms it (moves it to Processing). */
export interface AwaitingConfirmation {
  _id: string;
  orderNumber: string;
  fullName: string;
  /** In cedis. */
  total: number;
  /** ISO time: not confirmed by then, the order is cancelled and its items go back on sale. */
  confirmBy: string;
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
  /** Cash on Delivery orders waiting for confirmation, the most urgent first (at most 20). */
  awaitingConfirmation: AwaitingConfirmation[];
}

/** GET /api/getDashboardStats (admin): the whole dashboard in one call. */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiCall(() => http.get('getDashboardStats').json<DashboardStats>(), DASHBOARD_TEXTS.loadFailed);
}
