import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import { apiCall, http } from '../http';

/** `DELETE /removeCartItemById/:lineId`: one line out of the customer's server cart; answers the whole cart. */
export function removeCartLine(lineId: string): Promise<CartAnswer> {
  return apiCall(() => http.delete(`removeCartItemById/${lineId}`).json<CartAnswer>(), MESSAGES.cartRemoveFailed);
}
