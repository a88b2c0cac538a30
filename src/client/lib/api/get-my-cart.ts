import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** `GET /getMyCart`: the signed-in customer's server cart. */
export function getMyCart(): Promise<CartAnswer> {
  return apiCall((): Promise<StartupAnswers['cart']> => http.get('getMyCart').json(), MESSAGES.cartFetchFailed);
}
