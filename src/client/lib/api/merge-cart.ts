import { MESSAGES } from '@/shared/messages';
import type { MergeCartAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/**
 * `POST /mergeCart`: puts lines into the customer's server cart (as far as the stock allows): a
 * guest's cart at sign-in, or an unpaid order's lines given back. `failure`: what the shopper reads
 * when no better message comes back.
 */
export function mergeCart(items: { productId: string; quantity: number }[], failure: string = MESSAGES.cartRestoreFailed): Promise<MergeCartAnswer> {
  return apiCall((): Promise<StartupAnswers['mergedCart']> => http.post('mergeCart', { json: { items } }).json(), failure);
}
