import type { GhanaRegion } from '@/shared/delivery';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { OrderAnswer, PaymentMethod } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, http } from '../http';

/** The billing details and choices an order is placed with (the server prices it from its own data). */
export interface OrderDetails {
  fullName: string;
  email: string;
  phone: string;
  /** Not needed for a pickup. */
  address?: string;
  city: string;
  paymentMethod: PaymentMethod;
  promoCode?: string;
  region?: GhanaRegion;
  gpsAddress?: string;
  landmark?: string;
  deliveryOptionId?: string;
  /** The fee the checkout showed, in cedis: the server refuses (409) a different one rather than charge it. */
  deliveryFee?: number;
}

/**
 * `POST /createOrder`: a signed-in customer's server cart becomes the order. The attempt's key goes
 * with every try, so a retry after a lost answer gets the same order instead of a second one.
 * `proof`: the phone's token when this device confirmed the order's phone (`X-Phone-Token`).
 */
export function createOrder(details: OrderDetails, idempotencyKey: string, proof?: Record<string, string>): Promise<OrderAnswer> {
  return apiCall(
    (): Promise<StartupAnswers['placedOrder']> => http.post('createOrder', { json: details, headers: { ...proof, 'Idempotency-Key': idempotencyKey } }).json(),
    PAGE_MESSAGES.orderFailed,
  );
}
