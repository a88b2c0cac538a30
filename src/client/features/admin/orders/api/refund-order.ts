import { mutationOptions } from '@tanstack/react-query';
import { MESSAGES } from '../../../../../shared/messages';
import type { RefundOrderInput } from '../../../../../shared/schemas/orders';
import type { AdminOrder } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { catalogueChanged } from '../../../../lib/query-client';
import { orderChanged } from './order-changed';

/**
 * POST /api/refundOrder/{orderId} {amount, returnToStock} (admin): a full or partial Mobile Money
 * refund, in cedis. 409 when the order cannot be refunded or the amount is more than is left; 502
 * when the provider would not start it.
 */
export async function refundOrder(orderId: string, input: RefundOrderInput): Promise<{ message: string; order: AdminOrder }> {
  const answer = await apiCall(
    () => http.post(`refundOrder/${encodeURIComponent(orderId)}`, { json: input }).json<{ message?: string; order: AdminOrder }>(),
    MESSAGES.refundFailed,
  );
  return { message: answer.message ?? MESSAGES.refundStarted, order: answer.order };
}

/**
 * The refund and what it changes: the order wherever it shows (its customer's profile too); items
 * returned to stock change the catalogue (raised here: `meta` cannot depend on the call).
 */
export const refundOrderMutation = () =>
  mutationOptions({
    mutationFn: ({ orderId, input }: { orderId: string; input: RefundOrderInput }) => refundOrder(orderId, input),
    onSuccess: (answer, { input }, _result, { client }) => {
      orderChanged(client, answer.order, { customerProfile: true });
      if (input.returnToStock) void catalogueChanged(client);
    },
  });
