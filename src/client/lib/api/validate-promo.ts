import { MESSAGES } from '@/shared/messages';
import type { PromoAnswer } from '@/shared/types';
import { apiCall, http } from '../http';

/** `POST /validatePromo`: whether a code is good for this subtotal (in cedis), and its percent. */
export function validatePromo(code: string, subtotal: number): Promise<PromoAnswer> {
  return apiCall(() => http.post('validatePromo', { json: { code, subtotal } }).json<PromoAnswer>(), MESSAGES.promoCheckFailed);
}
