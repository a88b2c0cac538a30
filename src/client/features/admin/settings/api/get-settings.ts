import type { ShopSettings } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { SETTINGS_TEXTS } from '../texts';

/** GET /api/settings: the shop's details as the server holds them now (public). */
export async function getSettings(): Promise<ShopSettings> {
  const answer = await apiCall(() => http.get('settings').json<{ data: ShopSettings }>(), SETTINGS_TEXTS.loadFailed);
  return answer.data;
}
