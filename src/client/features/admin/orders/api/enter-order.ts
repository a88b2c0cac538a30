import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { EnteredOrderInput } from '@/shared/schemas/orders';
import type { EnteredOrderAnswer } from '@/shared/types';
import { ENTER_ORDER_TEXTS } from '../texts';

/**
 * POST /api/adminOrders (admin), with `Idempotency-Key`: an order taken by phone or WhatsApp, placed
 * as a shopper's guest order is. The same key for a retry of the same submit answers the first order
 * (never a second one). 409 with `delivery` when the shop's delivery options or fee changed meanwhile;
 * 409 when stock ran short; 400 with `errors` for a field the server refuses.
 */
export function enterOrder(input: EnteredOrderInput, idempotencyKey: string): Promise<EnteredOrderAnswer> {
  return apiCall(
    () => answerOf(adminOrdersClient.adminOrders.$post({ json: input }, { headers: { 'Idempotency-Key': idempotencyKey } })),
    ENTER_ORDER_TEXTS.failed,
  );
}
