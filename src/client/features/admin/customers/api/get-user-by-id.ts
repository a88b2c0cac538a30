import type { CustomerProfile } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { CUSTOMERS_TEXTS } from '../texts';

/** GET /api/getUserById/{id} (admin): a missing account is an ApiFailure with status 404 ('User not found'). */
export async function getUserById(id: string): Promise<CustomerProfile> {
  return apiCall(() => http.get(`getUserById/${encodeURIComponent(id)}`).json<CustomerProfile>(), CUSTOMERS_TEXTS.customerFailed);
}
