import { apiCall, http } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { MergeCartAnswer } from '@/shared/types';

/** `POST /mergeCart`: puts lines back into the customer's server cart (as far as the stock allows). */
export function mergeCart(items: { productId: string; quantity: number }[]): Promise<MergeCartAnswer> {
  return apiCall(() => http.post('mergeCart', { json: { items } }).json<MergeCartAnswer>(), MESSAGES.cartRestoreFailed);
}
