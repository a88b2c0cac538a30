import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { PaymentStatus } from '@/shared/constants';
import type { AdminOrder, OrderChangeAnswer } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import { orderChangeMutation } from './order-changed';

/** PATCH /api/updatePaymentStatusById/{id} {paymentStatus} (admin): cash received on delivery. */
async function updatePaymentStatus(id: string, paymentStatus: PaymentStatus): Promise<OrderChangeAnswer<AdminOrder>> {
  return apiCall(
    () => answerOf(adminOrdersClient.updatePaymentStatusById[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: { paymentStatus } })),
    ORDERS_TEXTS.paymentUpdateFailed,
  );
}

/** The payment's change: the order wherever it shows, its customer's total spent too. */
export const updatePaymentStatusMutation = () =>
  orderChangeMutation(({ id, paymentStatus }: { id: string; paymentStatus: PaymentStatus }) => updatePaymentStatus(id, paymentStatus), {
    customerProfile: true,
  });
