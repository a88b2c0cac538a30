import { answerOf, ordersClient } from '@/client/lib/api-client';
import { orderTokenHeaders } from '@/client/stores/checkout';
import type { OrderChangeAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { phoneCall } from '../lib/phone-call';

/**
 * `POST /api/orders/{id}/verification`: the order's phone is confirmed (`X-Phone-Token`);
 * the order, now verified, holds its items until the shop delivers. A guest's order token goes along
 * (a customer's bearer is added by the http client). 409: the stock ran out meanwhile (the server
 * names the product); 400: the token is for another phone.
 */
export function verifyOrder(orderId: string, phoneToken: string): Promise<OrderChangeAnswer> {
  return phoneCall(
    () =>
      answerOf(
        ordersClient.orders[':id'].verification.$post(
          { param: { id: encodeURIComponent(orderId) } },
          { headers: { ...orderTokenHeaders(orderId), 'x-phone-token': phoneToken } },
        ),
      ),
    VERIFICATION_TEXTS.unreachable,
  );
}
