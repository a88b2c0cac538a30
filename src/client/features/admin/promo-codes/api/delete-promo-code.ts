import { apiCall, http } from '../../../../lib/http';
import type { PromoCodesAnswer } from '../lib/promo-code';
import { PROMO_TEXTS } from '../texts';

/** DELETE /api/promoCodes/{code} (admin): 'Promo code deleted'; orders placed with it keep their discount. */
export function deletePromoCode(code: string): Promise<PromoCodesAnswer> {
  return apiCall(() => http.delete(`promoCodes/${encodeURIComponent(code)}`).json<PromoCodesAnswer>(), PROMO_TEXTS.deleteFailed);
}
