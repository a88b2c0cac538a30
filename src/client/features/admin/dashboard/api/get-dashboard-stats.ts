import type { DashboardStats } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { DASHBOARD_TEXTS } from '../texts';

/** GET /api/getDashboardStats (admin): the whole dashboard in one call. */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiCall(() => http.get('getDashboardStats').json<DashboardStats>(), DASHBOARD_TEXTS.loadFailed);
}
