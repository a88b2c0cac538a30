import { apiCall, http } from '../../../../lib/http';
import type { PromoCodesAnswer } from '../lib/promo-code';
import { PROMO_TEXTS } from '../texts';

/** POST /api/promoCodes (admin) `{ code, percent }`: 201 'Promo code saved'; 409 when the code exists. */
export function createPromoCode(input: { code: string; percent: number }): Promise<PromoCodesAnswer> {
  return apiCall(() => http.post('promoCodes', { json: input }).json<PromoCodesAnswer>(), PROMO_TEXTS.saveFailed);
}
