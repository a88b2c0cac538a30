import type { OrderStatus } from '../../../../../shared/constants';
import { MESSAGES } from '../../../../../shared/messages';
import type { AdminOrder } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';

/**
 * PATCH /api/updateOrderStatusById/{id} {orderStatus} (admin). Stock follows the status on the
 * server: restoring a cancelled order can be refused with 409 and the reason in the message.
 */
export async function updateOrderStatus(id: string, orderStatus: OrderStatus): Promise<{ message: string; order: AdminOrder }> {
  return apiCall(
    () => http.patch(`updateOrderStatusById/${encodeURIComponent(id)}`, { json: { orderStatus } }).json<{ message: string; order: AdminOrder }>(),
    MESSAGES.orderStatusUpdateFailed,
  );
}
