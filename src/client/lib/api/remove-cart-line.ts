import { MESSAGES } from '@/shared/messages';
import type { CartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** `DELETE /removeCartItemById/:lineId`: one line out of the customer's server cart; answers the whole cart. */
export function removeCartLine(lineId: string): Promise<CartAnswer> {
  return apiCall((): Promise<StartupAnswers['cart']> => http.delete(`removeCartItemById/${lineId}`).json(), MESSAGES.cartRemoveFailed);
}
