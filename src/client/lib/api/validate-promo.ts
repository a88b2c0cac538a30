import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { PromoAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** `POST /validatePromo`: whether a code is good for this subtotal (in cedis), and its percent. */
export function validatePromo(code: string, subtotal: number): Promise<PromoAnswer> {
  return apiCall((): Promise<StartupAnswers['promo']> => http.post('validatePromo', { json: { code, subtotal } }).json(), PAGE_MESSAGES.promoCheckFailed);
}
