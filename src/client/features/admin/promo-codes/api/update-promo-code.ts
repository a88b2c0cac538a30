import { apiCall, http } from '../../../../lib/http';
import type { PromoCodesAnswer } from '../lib/promo-code';
import { PROMO_TEXTS } from '../texts';

/** PATCH /api/promoCodes/{code} (admin) `{ percent?, active? }`: a new percent, or the code switched on or off. */
export function updatePromoCode(code: string, changes: { percent?: number; active?: boolean }): Promise<PromoCodesAnswer> {
  return apiCall(() => http.patch(`promoCodes/${encodeURIComponent(code)}`, { json: changes }).json<PromoCodesAnswer>(), PROMO_TEXTS.saveFailed);
}
