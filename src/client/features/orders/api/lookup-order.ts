import { answerOf, ordersClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OrderLookupAnswer } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';

/**
 * POST /api/lookupOrder {orderNumber, contact}: the order placed with that number and that phone or
 * e-mail, read-only, with the short link code that opens it again (`/o/{code}`). A wrong number and
 * a wrong contact are the same 404 with the server's message; too many tries a 429.
 */
export function lookupOrder(input: { orderNumber: string; contact: string }): Promise<OrderLookupAnswer> {
  return apiCall(() => answerOf(ordersClient.lookupOrder.$post({ json: input })), ORDERS_TEXTS.lookupFailed);
}
