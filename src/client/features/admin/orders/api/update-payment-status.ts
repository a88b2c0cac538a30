import type { PaymentStatus } from '../../../../../shared/constants';
import type { AdminOrder } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { ORDERS_TEXTS } from '../texts';

/** PATCH /api/updatePaymentStatusById/{id} {paymentStatus} (admin): cash received on delivery. */
export async function updatePaymentStatus(id: string, paymentStatus: PaymentStatus): Promise<{ message: string; order: AdminOrder }> {
  return apiCall(
    () => http.patch(`updatePaymentStatusById/${encodeURIComponent(id)}`, { json: { paymentStatus } }).json<{ message: string; order: AdminOrder }>(),
    ORDERS_TEXTS.paymentUpdateFailed,
  );
}
