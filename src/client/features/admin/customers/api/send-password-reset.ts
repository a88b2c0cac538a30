import { mutationOptions } from '@tanstack/react-query';
import { adminCustomersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { AdminSendResetInput } from '@/shared/schemas/auth';
import type { MessageAnswer } from '@/shared/types';
import { CUSTOMERS_TEXTS } from '../texts';

/**
 * POST /api/sendPasswordReset/{userId} {channel} (admin): a reset link to the account's e-mail, or a
 * code by SMS to its phone. 409 with the reason when the account has no phone.
 */
async function sendPasswordReset({ userId, channel }: { userId: string } & AdminSendResetInput): Promise<MessageAnswer> {
  return apiCall(
    () => answerOf(adminCustomersClient.sendPasswordReset[':userId'].$post({ param: { userId: encodeURIComponent(userId) }, json: { channel } })),
    CUSTOMERS_TEXTS.resetFailed,
  );
}

/**
 * Sends a reset. The message goes through the outbox, so the message log's lists (their key is
 * features/admin/message-log's, which this feature cannot import) are read again when next opened.
 */
export const sendPasswordResetMutation = () =>
  mutationOptions({
    mutationFn: sendPasswordReset,
    onSuccess: (_answer, _input, _result, { client }) => void client.invalidateQueries({ queryKey: ['admin', 'outbox'], refetchType: 'none' }),
  });
