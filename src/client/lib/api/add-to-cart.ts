import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** `POST /addToCart`: `quantity` more of a product in the customer's server cart; answers the whole cart. */
export function addToCart(productId: string, quantity: number): Promise<CartAnswer> {
  return apiCall((): Promise<StartupAnswers['cart']> => http.post('addToCart', { json: { productId, quantity } }).json(), MESSAGES.cartAddFailed);
}
