import { adminOrdersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { AdminOrder, OrderChangeAnswer } from '@/shared/types';
import { ORDERS_TEXTS } from '../texts';
import { orderChangeMutation } from './order-changed';

/**
 * POST /api/clearOrderFlag/{flagId} {note} (admin): the flag is settled, with how. Answers the whole
 * order; a flag already cleared (by another admin meanwhile) is refused with 409.
 */
export function clearOrderFlag(flagId: string, note: string): Promise<OrderChangeAnswer<AdminOrder>> {
  return apiCall(
    () => answerOf(adminOrdersClient.clearOrderFlag[':flagId'].$post({ param: { flagId: encodeURIComponent(flagId) }, json: { note } })),
    ORDERS_TEXTS.clearFailed,
  );
}

/** Clearing a flag: the order, its lists' attention badges and the dashboard's "needs attention" (not the customer's profile, which shows no flags). */
export const clearOrderFlagMutation = () =>
  orderChangeMutation(({ flagId, note }: { flagId: string; note: string }) => clearOrderFlag(flagId, note), { customerProfile: false });
