import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/**
 * `POST /setCartItem`: one product of the customer's server cart at an absolute quantity (0 takes
 * its line out); answers the whole cart. Sending it again changes nothing: the outbox relies on it.
 * `failure`: what the shopper reads when no better message comes back (a removal says so).
 */
export function setCartItem(productId: string, quantity: number, failure: string = MESSAGES.cartUpdateFailed): Promise<CartAnswer> {
  return apiCall((): Promise<StartupAnswers['cart']> => http.post('setCartItem', { json: { productId, quantity } }).json(), failure);
}
