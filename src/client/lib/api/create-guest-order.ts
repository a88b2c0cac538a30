import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { OrderAnswer } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';
import type { OrderDetails } from './create-order';

/** A guest cart line as the spec sends it: the quantity as a string. */
interface GuestCartLine {
  productId: string;
  quantity: string;
}

/**
 * `POST /createGuestOrder`: the guest's cart goes along; the answer carries the order token. `proof`:
 * the phone's token when this device confirmed the order's phone (`X-Phone-Token`).
 */
export function createGuestOrder(
  details: OrderDetails & { cart: GuestCartLine[] },
  idempotencyKey: string,
  proof?: Record<string, string>,
): Promise<OrderAnswer> {
  return apiCall(
    (): Promise<StartupAnswers['placedGuestOrder']> =>
      http.post('createGuestOrder', { json: details, headers: { ...proof, 'Idempotency-Key': idempotencyKey } }).json(),
    PAGE_MESSAGES.guestOrderFailed,
  );
}
