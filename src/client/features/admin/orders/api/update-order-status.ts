import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { catalogueChanged } from '@/client/lib/query-client';
import type { OrderStatus } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderChangeAnswer } from '@/shared/types';
import { orderChangeMutation } from './order-changed';

/**
 * PATCH /api/updateOrderStatusById/{id} {orderStatus} (admin). Stock follows the status on the
 * server: restoring a cancelled order can be refused with 409 and the reason in the message.
 */
async function updateOrderStatus(id: string, orderStatus: OrderStatus): Promise<OrderChangeAnswer<AdminOrder>> {
  return apiCall(
    () => answerOf(adminOrdersClient.updateOrderStatusById[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: { orderStatus } })),
    SERVER_MESSAGES.orderStatusUpdateFailed,
  );
}

/**
 * The status change from `from` to `to`, and what it changes: the order wherever it shows (its
 * customer's profile too). To or from Cancelled the order's items go back on sale or are taken again,
 * so the catalogue changes too: raised here rather than by `meta`, which is the same for every call
 * of a mutation and most status changes leave the stock alone.
 */
export const updateOrderStatusMutation = () =>
  orderChangeMutation(({ id, to }: { id: string; from: OrderStatus; to: OrderStatus }) => updateOrderStatus(id, to), {
    customerProfile: true,
    also: (client, { from, to }) => {
      if (from === 'Cancelled' || to === 'Cancelled') void catalogueChanged(client);
    },
  });
