import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** `DELETE /clearCart`: every line out of the customer's server cart. */
export function clearCart(): Promise<CartAnswer> {
  return apiCall((): Promise<StartupAnswers['cart']> => http.delete('clearCart').json(), MESSAGES.cartClearFailed);
}
