import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import { apiCall, http } from '../http';

/** `GET /getMyCart`: the signed-in customer's server cart. */
export function getMyCart(): Promise<CartAnswer> {
  return apiCall(() => http.get('getMyCart').json<CartAnswer>(), MESSAGES.cartFetchFailed);
}
