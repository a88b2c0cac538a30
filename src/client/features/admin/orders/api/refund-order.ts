import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { catalogueChanged } from '@/client/lib/query-client';
import type { RefundOrderInput } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderChangeAnswer } from '@/shared/types';
import { orderChangeMutation } from './order-changed';

/**
 * POST /api/refundOrder/{orderId} {amount, returnToStock} (admin): a full or partial Mobile Money
 * refund, in cedis. 409 when the order cannot be refunded or the amount is more than is left; 502
 * when the provider would not start it.
 */
export function refundOrder(orderId: string, input: RefundOrderInput): Promise<OrderChangeAnswer<AdminOrder>> {
  return apiCall(
    () => answerOf(adminOrdersClient.refundOrder[':id'].$post({ param: { id: encodeURIComponent(orderId) }, json: input })),
    SERVER_MESSAGES.refundFailed,
  );
}

/**
 * The refund and what it changes: the order wherever it shows (its customer's profile too); items
 * returned to stock change the catalogue (raised here: `meta` cannot depend on the call).
 */
export const refundOrderMutation = () =>
  orderChangeMutation(({ orderId, input }: { orderId: string; input: RefundOrderInput }) => refundOrder(orderId, input), {
    customerProfile: true,
    also: (client, { input }) => {
      if (input.returnToStock) void catalogueChanged(client);
    },
  });
