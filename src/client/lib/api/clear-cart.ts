import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import { apiCall, http } from '../http';

/** `DELETE /clearCart`: every line out of the customer's server cart. */
export function clearCart(): Promise<CartAnswer> {
  return apiCall(() => http.delete('clearCart').json<CartAnswer>(), MESSAGES.cartClearFailed);
}
